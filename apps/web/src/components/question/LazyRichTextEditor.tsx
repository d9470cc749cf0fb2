/**
 * The rich-text editor loaded on first use: tiptap (~130 KB gzip) comes only to the screens where
 * someone edits, never to the exam room or practice, which share the question kinds' code
 *. Same props as RichTextEditor.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

const RichTextEditor = lazy(() => import('./RichTextEditor'));

export default function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: props.minHeight ?? 80 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
