/**
 * The editor parts of the kinds, loaded on first use. The kinds' answering controls run in the exam
 * room and in practice; their editors (answer keys, option lists: Select, InputNumber, Switch…) only
 * in the question editor. Loading them lazily keeps the exam room within its size budget
 * (issue 12 §4). Each export has the props of the component it stands for.
 */
import { type SelectProps, Skeleton } from 'antd';
import { type ComponentProps, type ComponentType, type JSX, lazy, type ReactNode, Suspense } from 'react';
import type * as Editors from '../AnswerEditors';

const loadEditors = () => import('../AnswerEditors');

/** A lazily loaded component with a skeleton while its chunk arrives. */
function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): (props: P) => ReactNode {
  const Lazy = lazy(load);
  return function Deferred(props: P) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  };
}

export const ChoiceOptions = deferred<ComponentProps<typeof Editors.ChoiceOptions>>(() =>
  loadEditors().then((m) => ({ default: m.ChoiceOptions })),
);
export const ShortAnswer = deferred<ComponentProps<typeof Editors.ShortAnswer>>(() =>
  loadEditors().then((m) => ({ default: m.ShortAnswer })),
);
export const FillBlankAnswer = deferred<ComponentProps<typeof Editors.FillBlankAnswer>>(() =>
  loadEditors().then((m) => ({ default: m.FillBlankAnswer })),
);
export const MatchingAnswer = deferred<ComponentProps<typeof Editors.MatchingAnswer>>(() =>
  loadEditors().then((m) => ({ default: m.MatchingAnswer })),
);
export const OrderingEditor = deferred(() => import('./ordering/OrderingEditor'));

/** antd's Form.Item around an editor part (the editor's form; not needed to answer). */
export const EditorItem = deferred<{ label: ReactNode; required?: boolean; children: ReactNode }>(() =>
  import('antd/es/form').then((m) => ({ default: m.default.Item })),
);

/** antd's Select, loaded when a matching question is on screen (the exam room does not need it otherwise). */
export const LazySelect = deferred<SelectProps<string>>(() =>
  import('antd/es/select').then((m) => ({ default: m.default as ComponentType<SelectProps<string>> })),
);
