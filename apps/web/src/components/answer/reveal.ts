/** What a reveal block shows after an answer; shared by QuestionAnswer and RevealBlock. */
import type { TQuView } from '@exam/contracts';

export interface AnswerReveal {
  isRight: boolean | null;
  /** The question with answer and analysis; null when they may not be shown. */
  question?: TQuView | null;
  /** Per child of a composite. */
  childRight?: Record<string, boolean | null>;
}
