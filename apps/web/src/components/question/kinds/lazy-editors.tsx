/**
 * Loading the kinds' editor parts on first use. The kinds' answering controls run in the exam room
 * and in practice; their editors (answer keys, option lists: Select, InputNumber, Switch…) only in
 * the question editor, their exam settings only in the exam form. Each kind defers its own
 * (`deferred(() => import('./XEditor'))` in its folder), which keeps the exam room within its size
 * budget; the shared pieces are here.
 */
import { type SelectProps, Skeleton } from 'antd';
import { type ComponentType, type JSX, lazy, type ReactNode, Suspense } from 'react';

/** A lazily loaded component with a skeleton while its chunk arrives. */
export function deferred<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): (props: P) => ReactNode {
  const Lazy = lazy(load);
  return function Deferred(props: P) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

/** The options editor of the choice kinds. Each kind's own editor part is deferred in its folder. */
export const ChoiceOptions = deferred(() => import('./ChoiceOptions'));

/** antd's Form.Item around an editor part (the editor's form; not needed to answer). */
export const EditorItem = deferred<{ label: ReactNode; required?: boolean; children: ReactNode }>(() =>
  import('antd/es/form').then((m) => ({ default: m.default.Item })),
);

/** antd's Select, loaded when a matching question is on screen (the exam room does not need it otherwise). */
export const LazySelect = deferred<SelectProps<string>>(() =>
  import('antd/es/select').then((m) => ({ default: m.default as ComponentType<SelectProps<string>> })),
);
