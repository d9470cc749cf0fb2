/**
 * The assistant conversation's policy: a learner's conversation is their own (history and clearing
 * read it with their id), and nothing is asked of the model while they sit a paper (the sitting
 * guard's rule, answered with the assistant's own text). The assistant's reads of records ask their
 * own policies: a question to explain through the question reader, a paper to suggest a mark for
 * through the paper's policy (its endpoint is guarded in paper.policy.ts).
 */
import { definePolicy, ownRowsOnly, type PolicyContext } from '../../platform/policy/index.js';
import { assertNotSittingAPaper } from '../sitting/sitting-guard.js';

export const OPEN_PAPER_REFUSAL = '考试进行中，学习助教暂停使用；交卷后再来提问吧';

export const conversationPolicy = definePolicy({
  aggregate: 'conversation',
  rules: {
    /** Refuses (20010002) while the learner has an open paper: nothing is sent. */
    ask: ({ db, actor }: PolicyContext, _conversation: null) =>
      assertNotSittingAPaper(db, actor.id, OPEN_PAPER_REFUSAL),
    history: ownRowsOnly,
  },
});
