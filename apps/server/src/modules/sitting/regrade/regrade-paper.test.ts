import { describe, expect, it } from 'vitest';
import type { PaperQuRow } from '../../paper/paper-view.js';
import { NO_PARTIAL_CREDIT } from '../../paper/scoring.js';
import { regradePaper } from './regrade-paper.js';

const opts = (right: string) => ['A', 'B'].map((key) => ({ key, content: `选项${key}`, isRight: key === right }));

function row(quId: string, over: Partial<PaperQuRow>): PaperQuRow {
  return {
    paperId: 'p1',
    quId,
    parentQuId: null,
    sort: 1,
    sectionIdx: 0,
    sectionTitle: '',
    type: 1,
    level: 1,
    score: 10,
    content: quId,
    options: opts('A'),
    refAnswer: {} as PaperQuRow['refAnswer'],
    analysis: null,
    answer: 'A',
    flagged: false,
    seq: 0,
    answeredAt: null,
    isRight: true,
    actualScore: 10,
    markState: 1,
    suggestScore: null,
    suggestTaken: null,
    markComment: null,
    ...over,
  };
}

const finished = { state: 2, passScore: 15, totalScore: 30, objScore: 20, subjScore: 0, userScore: 20, passed: true };

describe('regradePaper', () => {
  it('re-marks a choice question by option content and recomputes total and pass flag', () => {
    const rows = [row('q1', {}), row('q2', { answer: 'A' })];
    const out = regradePaper(
      finished,
      rows,
      { quId: 'q1', newScore: 10, rightContents: ['选项B'], newAnswer: null },
      NO_PARTIAL_CREDIT,
    );
    expect(out?.quBefore).toBe(10);
    expect(out?.quAfter).toBe(0);
    expect(out?.totals).toMatchObject({ userScore: 10, objScore: 10, passed: false, totalScore: 30 });
    expect(out?.rows.map((r) => r.quId)).toEqual(['q1']);
    expect(out?.rows[0].options.find((o) => o.isRight)?.content).toBe('选项B');
    // The input rows are left untouched.
    expect(rows[0].actualScore).toBe(10);
  });

  it('changes a score: full scores of the row, its composite parent and the paper; a hand score is capped', () => {
    const rows = [
      row('c', { type: 99, score: 20, options: [], answer: null, actualScore: 14, markState: 1 }),
      row('c1', { parentQuId: 'c', answer: 'A' }),
      row('c2', { parentQuId: 'c', type: 4, answer: '文字', actualScore: 4, markState: 3, options: [] }),
    ];
    const out = regradePaper(
      { ...finished, totalScore: 20, objScore: 10, subjScore: 4, userScore: 14 },
      rows,
      { quId: 'c2', newScore: 3, rightContents: null, newAnswer: null },
      NO_PARTIAL_CREDIT,
    );
    const byId = Object.fromEntries((out?.rows ?? []).map((r) => [r.quId, r]));
    expect(byId.c2).toMatchObject({ score: 3, actualScore: 3, markState: 3 });
    expect(byId.c).toMatchObject({ score: 13, actualScore: 13 });
    expect(out?.totals).toMatchObject({ totalScore: 13, subjScore: 3, userScore: 13, passed: false });
  });

  it('only corrects the key of a paper still in exam, and ignores a paper without the question', () => {
    const open = regradePaper(
      { ...finished, state: 0 },
      [row('q1', { actualScore: 0, markState: 0, isRight: null })],
      { quId: 'q1', newScore: 5, rightContents: ['选项B'], newAnswer: null },
      NO_PARTIAL_CREDIT,
    );
    expect(open?.rows[0]).toMatchObject({ score: 5, actualScore: 0, markState: 0 });
    expect(open?.totals.totalScore).toBe(25);
    expect(
      regradePaper(
        finished,
        [row('q9', {})],
        { quId: 'q1', newScore: 10, rightContents: null, newAnswer: null },
        NO_PARTIAL_CREDIT,
      ),
    ).toBeNull();
  });
});
