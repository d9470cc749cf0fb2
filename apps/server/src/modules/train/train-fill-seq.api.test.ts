/**
 * Practice and mock saves carry the client's sequence; a save processed late (older
 * sequence) never overwrites a newer answer and is answered with what the server holds.
 */
import { ErrorCode, TrainMode, trainDetail, trainFill, trainNext, trainStart } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrainKit, type TrainKit } from './train-test-kit.js';

let k: TrainKit;
beforeAll(async () => {
  k = await createTrainKit();
});
afterAll(async () => k.t.close());

const call = (path: string, body: unknown, token: string | null) => k.t.call(path, body, token);

async function mockSession(token: string) {
  const s = await call(trainStart.path, { repoId: k.repoId, mode: TrainMode.MOCK, count: 5, timeLimit: 30 }, token);
  expect(s.code, s.msg).toBe(0);
  const d = await call(trainDetail.path, { trainId: s.data.trainId }, token);
  return { trainId: s.data.trainId as string, card: d.data.card as { quId: string; sort: number; type: number }[] };
}

describe('mock saves with a client sequence', () => {
  it('a late older save does not overwrite a newer one and answers the held answer', async () => {
    const { trainId, card } = await mockSession(k.student);
    const c = card.find((x) => x.type === 1) ?? card[0];
    const newer = await call(trainFill.path, { trainId, quId: c.quId, answer: 'B', seq: 5 }, k.student);
    expect(newer.code, newer.msg).toBe(0);
    expect(newer.data).toMatchObject({ accepted: true, seq: 5, answered: 1, feedback: null });
    // The request of seq 4 timed out in the client and reaches the server only now.
    const late = await call(trainFill.path, { trainId, quId: c.quId, answer: 'A', seq: 4 }, k.student);
    expect(late.code, late.msg).toBe(0);
    expect(late.data).toMatchObject({ accepted: false, seq: 5, answer: 'B', feedback: null });
    const same = await call(trainFill.path, { trainId, quId: c.quId, answer: 'C', seq: 5 }, k.student);
    expect(same.data).toMatchObject({ accepted: false, seq: 5, answer: 'B' });
    const q = await call(trainNext.path, { trainId, sort: c.sort }, k.student);
    expect(q.data.myAnswer).toBe('B');
    const d = await call(trainDetail.path, { trainId }, k.student);
    expect(d.data.seq).toBe(5);
  });

  it('a newer save replaces, and a cleared answer is not brought back by an older save', async () => {
    const { trainId, card } = await mockSession(k.lisi);
    const c = card.find((x) => x.type === 1) ?? card[0];
    await call(trainFill.path, { trainId, quId: c.quId, answer: 'A', seq: 1 }, k.lisi);
    const cleared = await call(trainFill.path, { trainId, quId: c.quId, answer: null, seq: 3 }, k.lisi);
    expect(cleared.data).toMatchObject({ accepted: true, seq: 3, answered: 0 });
    const late = await call(trainFill.path, { trainId, quId: c.quId, answer: 'B', seq: 2 }, k.lisi);
    expect(late.data).toMatchObject({ accepted: false, seq: 3, answer: null, answered: 0 });
    const q = await call(trainNext.path, { trainId, sort: c.sort }, k.lisi);
    expect(q.data).toMatchObject({ answered: false, myAnswer: null });
  });

  it('two saves racing: the higher sequence is what stays, whatever the order', async () => {
    const { trainId, card } = await mockSession(k.lisi);
    const c = card.find((x) => x.type === 1) ?? card[0];
    const bodies = [10, 11, 12].map((seq) => ({ trainId, quId: c.quId, answer: seq === 12 ? 'C' : 'A', seq }));
    const results = await Promise.all(bodies.reverse().map((b) => call(trainFill.path, b, k.lisi)));
    for (const r of results) expect(r.code, r.msg).toBe(0);
    const q = await call(trainNext.path, { trainId, sort: c.sort }, k.lisi);
    expect(q.data.myAnswer).toBe('C');
  });

  it('refuses a sequence that is not a positive whole number, naming the field', async () => {
    const { trainId, card } = await mockSession(k.student);
    const r = await call(trainFill.path, { trainId, quId: card[0].quId, answer: 'A', seq: 0 }, k.student);
    expect(r.code).toBe(ErrorCode.BAD_PARAMS);
    expect(r.msg).toContain('答案序号');
  });
});

describe('practice outside mock mode', () => {
  it('a second save of an answered question is not accepted and answers the kept answer', async () => {
    const s = await call(trainStart.path, { repoId: k.repoId, mode: TrainMode.SEQUENTIAL }, k.lisi);
    const q = await call(trainNext.path, { trainId: s.data.trainId, sort: 0 }, k.lisi);
    const first = await call(trainFill.path, { trainId: s.data.trainId, quId: q.data.quId, answer: 'A' }, k.lisi);
    expect(first.data).toMatchObject({ accepted: true });
    const again = await call(trainFill.path, { trainId: s.data.trainId, quId: q.data.quId, answer: 'B' }, k.lisi);
    expect(again.data).toMatchObject({ accepted: false, answer: 'A' });
    expect(again.data.feedback).toEqual(first.data.feedback);
  });
});
