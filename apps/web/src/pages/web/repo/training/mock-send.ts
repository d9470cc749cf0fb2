/**
 * How a mock exam answer travels: the journal's entry holds { answer, childAnswers }; each send
 * carries the entry's sequence, and a save the server refused as not newer comes back with what
 * the server holds, in the entry's own shape, so the journal can tell saved from conflict exactly
 * as in the exam room (the page then shows the server's answer, never its own as saved).
 */
import type { TAnswerValue, TTrainFill, TTrainFillResult } from '@exam/contracts';
import type { JournalEntry, SendResult } from '../../../../utils/answer-journal/answer-journal';

/** What one entry holds: the answer, or a composite's answers per child. */
export interface MockAnswer {
  answer: TAnswerValue;
  childAnswers?: Record<string, TAnswerValue>;
}

/** One shape for the same answer (no empty childAnswers key), so held and sent compare equal. */
export function mockValue(answer: TAnswerValue | undefined, childAnswers?: Record<string, TAnswerValue> | null) {
  const v: MockAnswer = { answer: answer ?? null };
  if (childAnswers) v.childAnswers = childAnswers;
  return v;
}

/** The journal's send for a session: the sequence goes with the answer; a refusal brings the held answer. */
export function mockSender(trainId: string, fill: (body: TTrainFill) => Promise<TTrainFillResult>) {
  return async (e: JournalEntry): Promise<SendResult> => {
    const v = e.answer as MockAnswer;
    const r = await fill({ trainId, quId: e.quId, answer: v.answer, childAnswers: v.childAnswers, seq: e.seq });
    if (r.accepted) return { accepted: true, seq: r.seq };
    return { accepted: false, seq: r.seq, answer: mockValue(r.answer, r.childAnswers) };
  };
}
