import type { TTrainFill, TTrainFillResult } from '@exam/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerJournal, type SendOutcome } from '../../../../utils/answer-journal/answer-journal';
import { mockSender, mockValue } from './mock-send';

/** A journal over a stubbed /api/train/fill; answers every outcome it reported. */
function journalWith(fill: (body: TTrainFill) => Promise<TTrainFillResult>) {
  const outcomes: SendOutcome[] = [];
  const journal = new AnswerJournal('t1', {
    storageKey: 'mock-journal:t1',
    send: mockSender('t1', fill),
    onResult: (_e, o) => outcomes.push(o),
  });
  return { journal, outcomes };
}

const result = (r: Partial<TTrainFillResult>): TTrainFillResult => ({
  answered: 1,
  feedback: null,
  accepted: true,
  seq: 1,
  ...r,
});

describe('mock exam journal outcome', () => {
  beforeEach(() => localStorage.clear());

  it('sends the entry sequence and counts an accepted save as saved', async () => {
    const fill = vi.fn(async (b: TTrainFill) => result({ seq: b.seq as number }));
    const { journal, outcomes } = journalWith(fill);
    journal.record('q1', mockValue('A'));
    await journal.flush();
    expect(fill.mock.calls[0][0]).toMatchObject({ trainId: 't1', quId: 'q1', answer: 'A', seq: 1 });
    expect(outcomes).toEqual([{ kind: 'saved' }]);
    expect(journal.pendingCount()).toBe(0);
  });

  it('a refused save whose held answer differs is a conflict carrying the server answer, never saved', async () => {
    const { journal, outcomes } = journalWith(async () =>
      result({ accepted: false, seq: 9, answer: 'B', childAnswers: null }),
    );
    journal.record('q1', mockValue('A'));
    await journal.flush();
    expect(outcomes).toEqual([{ kind: 'conflict', answer: { answer: 'B' }, flagged: null }]);
    expect(journal.pendingCount()).toBe(0);
  });

  it('a refused save whose held answer is this one counts as saved (composite too)', async () => {
    const kids = { c1: 'A', c2: ['B', 'C'] };
    const { journal, outcomes } = journalWith(async () =>
      result({ accepted: false, seq: 9, answer: null, childAnswers: { c2: ['B', 'C'], c1: 'A' } }),
    );
    journal.record('q1', mockValue(null, kids));
    await journal.flush();
    expect(outcomes).toEqual([{ kind: 'saved' }]);
  });

  it('the next sequence is numbered above the server one (seeded from the detail)', async () => {
    const fill = vi.fn(async (b: TTrainFill) => result({ seq: b.seq as number }));
    const { journal } = journalWith(fill);
    journal.seedSeq(41);
    journal.record('q1', mockValue('A'));
    await journal.flush();
    expect(fill.mock.calls[0][0].seq).toBe(42);
  });
});
