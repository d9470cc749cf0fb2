/** What a reveal block shows after an answer; shared by QuestionAnswer and RevealBlock. */
import type { TQuView } from '@exam/contracts';

export interface AnswerReveal {
  isRight: boolean | null;
  /** The question with answer and analysis; null when they may not be shown. */
  question?: TQuView | null;
  /** Per child of a composite. */
  childRight?: Record<string, boolean | null>;
  /** A handed-in exam answer a marker still has to score (the review says so, not "judge it yourself"). */
  pending?: boolean;
  /** A marked exam answer that is neither all right nor all wrong: its score, e.g. "12 / 15 分". */
  marked?: string;
}
