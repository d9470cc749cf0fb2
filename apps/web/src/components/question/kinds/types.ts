/**
 * What a question kind (题型) provides in the web app. One folder per kind implements it and
 * `registry.ts` lists them; pages and components ask the registry instead of testing types.
 * Types only, importing nothing of the app: the kinds, the editors they load lazily (each in its
 * folder) and the registry all stand on this file, so none of them loops back.
 */
import type { TAnswerValue, TQuAnswer, TQuOption, TQuView } from '@exam/contracts';
import type { ReactNode } from 'react';

/** The editor's value of a question. */
export interface QuForm {
  id?: string | null;
  type: number;
  level: 1 | 2;
  content: string;
  analysis?: string | null;
  options: TQuOption[];
  answer: TQuAnswer;
  children?: QuForm[];
}

export type AnswerValue = TAnswerValue | Record<string, TAnswerValue>;

/** What a kind's answering control gets from QuestionAnswer. */
export interface AnswerControlProps {
  question: TQuView;
  value: AnswerValue | null | undefined;
  set: (value: AnswerValue) => void;
  disabled?: boolean;
  /** The question with its answer, when revealed (review, practice feedback). */
  shown: TQuView | null;
  /** The class of an option by its key: right / wrong once revealed. */
  optionClass: (key: string) => string;
  /** Renders a child question (composite), to keep kinds free of an import loop. */
  renderChild?: (
    child: TQuView,
    index: number,
    value: AnswerValue | undefined,
    set: (v: AnswerValue) => void,
  ) => ReactNode;
}

export interface EditorPartProps {
  value: QuForm;
  set: (patch: Partial<QuForm>) => void;
}

/** What the preview shows of a question: the admin detail, the editor's value or the learner view. */
export interface PreviewQuestion {
  type: number;
  level?: number;
  content: string;
  analysis?: string | null;
  options?: { key: string; content: string; isRight?: boolean }[];
  answer?: Record<string, unknown>;
  matching?: { left: { key: string; content: string }[]; right: { key: string; content: string }[] } | null;
  children?: PreviewQuestion[];
}

/** What a kind's exam settings get from the exam form (KindSettingsFields). */
export interface KindSettingsProps {
  /** A paper has started: the marking settings are locked. */
  disabled?: boolean;
  extra?: ReactNode;
}

export interface PreviewAnswerProps {
  options: { key: string; content: string; isRight?: boolean }[];
  answer: Record<string, any>;
}

export interface WebKind {
  type: number;
  /** Its children are questions of the other kinds. */
  composite?: boolean;
  /** Marked by a person (short answer). */
  manual?: boolean;
  /** The content editor offers 插入填空. */
  contentBlanks?: boolean;
  /** Fresh options and answer when an author picks the kind. */
  parts: () => Pick<QuForm, 'options' | 'answer' | 'children'>;
  /** The editor of the kind's own parts (below the content). */
  Editor: (props: EditorPartProps) => ReactNode;
  /** The answering control. */
  Answer: (props: AnswerControlProps) => ReactNode;
  /** The right answer in a reveal (review, practice), from the question with its answer. */
  rightAnswer: (q: TQuView) => ReactNode;
  /** What the preview lists below the stem: lettered options or numbered items… */
  previewItems?: 'lettered' | 'numbered';
  /** …or the kind's own items (the two columns of a matching question). */
  PreviewItems?: (props: { question: PreviewQuestion }) => ReactNode;
  /** The answer block of the editor preview; null for none. */
  previewAnswer: (props: PreviewAnswerProps) => ReactNode;
  /**
   * The kind's settings on an exam (partial credit…): antd Form.Items named
   * ['kindSettings', '<type>', field], validated by its schema in contracts repo/kinds/settings.ts.
   * Deferred (lazy-editors.tsx `deferred`): the exam room never loads it.
   */
  Settings?: (props: KindSettingsProps) => ReactNode;
  /** The answer card: whether a value counts as answered. */
  answered: (value: AnswerValue | null | undefined) => boolean;
}
