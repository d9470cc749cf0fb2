/**
 * What a question kind (题型) provides in the web app. One folder per kind implements it and
 * `registry.ts` lists them; pages and components ask the registry instead of testing types.
 * Types only, importing nothing of the app: the kinds, the editors they load lazily
 * (AnswerEditors.tsx) and the registry all stand on this file, so none of them loops back.
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
  /** What the preview lists below the stem: lettered options, numbered items, the two columns. */
  previewItems?: 'lettered' | 'numbered' | 'matching';
  /** The answer block of the editor preview; null for none. */
  previewAnswer: (props: PreviewAnswerProps) => ReactNode;
  /** The answer card: whether a value counts as answered. */
  answered: (value: AnswerValue | null | undefined) => boolean;
}
