/**
 * Favourites and notes against the real app: idempotent favouriting, notes cleaned
 * and limited with nothing written on refusal, ownership, paging and search, deleted questions
 * left out, and the sitting guard: a favourite of the open paper comes back without its key.
 */
import {
  ErrorCode,
  NOTE_MAX_LENGTH,
  paperPaperHand,
  repoQuDelete,
  trainFavDetail,
  trainFavPaging,
  trainFavSave,
  trainFavStateList,
  trainFavView,
  trainNoteDelete,
  trainNotePaging,
  trainNoteSave,
} from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elQu, elQuRepo, elUserFavNote } from '../../../db/schema/index.js';
import { createTestApp } from '../../../test/test-app.js';
import { testClock } from '../../paper/test-fixtures.js';
import { createSittingKit, type SittingKit } from '../../sitting/sitting-kit.js';
import { findLeaks, keysOf } from '../../sitting/sitting-leaks.js';

let k: SittingKit;
let lisi: string;
const extra: string[] = [];
beforeAll(async () => {
  const clock = testClock();
  k = await createSittingKit(await createTestApp({ clock }), clock);
  lisi = await k.t.login('lisi', 'student123');
  // Questions of the practice bank outside the paper, for paging and deletion.
  for (let i = 1; i <= 5; i++) {
    const [q] = await k.t.db
      .insert(elQu)
      .values({ type: 3, content: `收藏分页题${i}`, options: [{ key: 'A', content: '对', isRight: true }] })
      .returning({ id: elQu.id });
    await k.t.db.insert(elQuRepo).values({ quId: q.id, repoId: k.repoId });
    extra.push(q.id);
  }
}, 120_000);
afterAll(async () => k.t.close());

const rowsOf = (token: 'mine' | 'all', quId?: string) =>
  k.t.db
    .select()
    .from(elUserFavNote)
    .where(
      and(
        token === 'mine' ? eq(elUserFavNote.userId, k.learnerId) : undefined,
        quId ? eq(elUserFavNote.quId, quId) : undefined,
      ),
    );

describe('access', () => {
  it('refuses every call without a token', async () => {
    for (const ep of [
      trainFavSave,
      trainFavDetail,
      trainFavStateList,
      trainFavView,
      trainFavPaging,
      trainNoteSave,
      trainNoteDelete,
    ])
      expect((await k.t.call(ep.path, { quId: k.outsideQuId, fav: true, note: 'x' })).code, ep.path).toBe(
        ErrorCode.NOT_LOGIN,
      );
  });
});

describe('favourites', () => {
  it('favouriting twice is one row that keeps the first time; un-favouriting twice is harmless', async () => {
    const q = extra[0];
    const first = await k.t.request(trainFavSave, { quId: q, fav: true }, k.learner);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ quId: q, fav: true, note: null });
    k.clock.add(60_000);
    const again = await k.t.request(trainFavSave, { quId: q, fav: true }, k.learner);
    expect(again.data.favAt).toBe(first.data.favAt);
    expect(await rowsOf('mine', q)).toHaveLength(1);

    for (let i = 0; i < 2; i++) {
      const off = await k.t.request(trainFavSave, { quId: q, fav: false }, k.learner);
      expect(off.data).toMatchObject({ fav: false, favAt: null, note: null });
    }
    expect(await rowsOf('mine', q)).toHaveLength(0);
  });

  it('two favourites at once give one row', async () => {
    const q = extra[1];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => k.t.request(trainFavSave, { quId: q, fav: true }, k.learner)),
    );
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0]);
    expect(await rowsOf('mine', q)).toHaveLength(1);
    await k.t.request(trainFavSave, { quId: q, fav: false }, k.learner);
  });

  it('refuses an unknown question with 10010003 and writes nothing', async () => {
    const res = await k.t.request(trainFavSave, { quId: 'nope', fav: true }, k.learner);
    expect(res).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '试题不存在或已被删除' });
    expect(await rowsOf('all', 'nope')).toHaveLength(0);
  });
});

describe('notes', () => {
  it('are stored as plain text, share the row with the favourite, and delete without losing it', async () => {
    const q = extra[2];
    await k.t.request(trainFavSave, { quId: q, fav: true }, k.learner);
    const saved = await k.t.request(trainNoteSave, { quId: q, note: '  <b>易错</b>：看清\r\n题干  ' }, k.learner);
    expect(saved.data).toMatchObject({ fav: true, note: '易错：看清\n题干' });
    expect(await rowsOf('mine', q)).toHaveLength(1);
    const edited = await k.t.request(trainNoteSave, { quId: q, note: '改过的笔记' }, k.learner);
    expect(edited.data.note).toBe('改过的笔记');

    const removed = await k.t.request(trainNoteDelete, { quId: q }, k.learner);
    expect(removed.data).toMatchObject({ fav: true, note: null, noteAt: null });
    expect(await rowsOf('mine', q)).toHaveLength(1);
    // Un-favouriting a question that still has a note keeps the note.
    await k.t.request(trainNoteSave, { quId: q, note: '留下' }, k.learner);
    const off = await k.t.request(trainFavSave, { quId: q, fav: false }, k.learner);
    expect(off.data).toMatchObject({ fav: false, note: '留下' });
    await k.t.request(trainNoteDelete, { quId: q }, k.learner);
    expect(await rowsOf('mine', q)).toHaveLength(0);
  });

  it('refuses an over-long or empty note with a Chinese message and keeps the old one', async () => {
    const q = extra[3];
    await k.t.request(trainNoteSave, { quId: q, note: '原来的笔记' }, k.learner);
    const long = await k.t.request(trainNoteSave, { quId: q, note: '长'.repeat(NOTE_MAX_LENGTH + 1) }, k.learner);
    expect(long).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: `笔记不能超过 ${NOTE_MAX_LENGTH} 个字` });
    const empty = await k.t.request(trainNoteSave, { quId: q, note: '<p> </p>' }, k.learner);
    expect(empty).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '笔记内容不能为空' });
    expect((await k.t.request(trainFavDetail, { quId: q }, k.learner)).data.note).toBe('原来的笔记');
    const atLimit = await k.t.request(trainNoteSave, { quId: q, note: '满'.repeat(NOTE_MAX_LENGTH) }, k.learner);
    expect(atLimit.code).toBe(0);
    await k.t.request(trainNoteDelete, { quId: q }, k.learner);
  });
});

describe('ownership', () => {
  it('one learner never sees or changes another learner’s favourites and notes', async () => {
    const q = extra[4];
    await k.t.request(trainFavSave, { quId: q, fav: true }, k.learner);
    await k.t.request(trainNoteSave, { quId: q, note: '王五的笔记' }, k.learner);

    expect((await k.t.request(trainFavDetail, { quId: q }, lisi)).data).toMatchObject({ fav: false, note: null });
    expect((await k.t.request(trainFavView, { quId: q }, lisi)).code).toBe(ErrorCode.NOT_FOUND);
    for (const ep of [trainFavPaging, trainNotePaging]) {
      const page = await k.t.request(ep, { current: 1, size: 50, params: {} }, lisi);
      expect(page.data.records.map((r) => r.quId)).not.toContain(q);
    }
    // lisi's own writes make lisi's row; wangwu's is untouched.
    await k.t.request(trainNoteDelete, { quId: q }, lisi);
    await k.t.request(trainFavSave, { quId: q, fav: false }, lisi);
    await k.t.request(trainNoteSave, { quId: q, note: '李四的笔记' }, lisi);
    expect((await k.t.request(trainFavDetail, { quId: q }, k.learner)).data).toMatchObject({
      fav: true,
      note: '王五的笔记',
    });
    expect((await k.t.request(trainFavDetail, { quId: q }, lisi)).data).toMatchObject({
      fav: false,
      note: '李四的笔记',
    });
    await k.t.request(trainNoteDelete, { quId: q }, lisi);

    // The states of a screen's questions are the caller's own too, in the order asked.
    const states = await k.t.request(trainFavStateList, { quIds: [q, extra[0]] }, k.learner);
    expect(states.data).toMatchObject([
      { quId: q, fav: true, note: '王五的笔记' },
      { quId: extra[0], fav: false, note: null },
    ]);
    const theirs = await k.t.request(trainFavStateList, { quIds: [q] }, lisi);
    expect(theirs.data).toMatchObject([{ quId: q, fav: false, note: null }]);
  });
});

describe('lists', () => {
  it('page newest first, search stem and note (wildcards literal), and skip deleted questions', async () => {
    // A clean start (the ownership test left a favourite, which would keep its earlier time).
    for (const q of extra) await k.t.request(trainFavSave, { quId: q, fav: false }, k.learner);
    for (const q of extra) {
      k.clock.add(1000);
      await k.t.request(trainFavSave, { quId: q, fav: true }, k.learner);
    }
    await k.t.request(trainNoteSave, { quId: extra[1], note: '100% 记住' }, k.learner);
    const list = (params: object, current = 1, size = 2, ep = trainFavPaging) =>
      k.t.request(ep, { current, size, params }, k.learner).then((r) => r.data);

    const page1 = await list({ keyword: '收藏分页题' });
    expect(page1).toMatchObject({ total: 5, current: 1, size: 2, pages: 3 });
    expect(page1.records.map((r) => r.content)).toEqual(['收藏分页题5', '收藏分页题4']);
    const page3 = await list({ keyword: '收藏分页题' }, 3);
    expect(page3.records.map((r) => r.content)).toEqual(['收藏分页题1']);

    expect((await list({ keyword: '100%' }, 1, 10)).records.map((r) => r.quId)).toEqual([extra[1]]);
    expect((await list({ keyword: '%' }, 1, 10)).records.map((r) => r.quId)).toEqual([extra[1]]);
    expect((await list({ keyword: '记住' }, 1, 10, trainNotePaging)).records).toMatchObject([
      { quId: extra[1], note: '100% 记住', fav: true },
    ]);

    const admin = k.admin;
    expect((await k.t.call(repoQuDelete.path, { ids: [extra[4]] }, admin)).code).toBe(0);
    const after = await list({ keyword: '收藏分页题' }, 1, 10);
    expect(after.total).toBe(4);
    expect(after.records.map((r) => r.quId)).not.toContain(extra[4]);
    expect((await k.t.request(trainFavView, { quId: extra[4] }, k.learner)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await k.t.request(trainFavSave, { quId: extra[4], fav: true }, k.learner)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the sitting guard', () => {
  it('a favourite of the open paper comes back without its key, until the paper is handed in', async () => {
    const locked = k.qu.single;
    await k.t.request(trainFavSave, { quId: locked, fav: true }, k.learner);
    await k.t.request(trainNoteSave, { quId: locked, note: '考前收藏' }, k.learner);
    await k.t.request(trainFavSave, { quId: k.outsideQuId, fav: true }, k.learner);
    const keys = keysOf(k);

    const view = await k.t.request(trainFavView, { quId: locked }, k.learner);
    expect(view.code).toBe(0);
    expect(view.data.answerVisible).toBe(false);
    expect(view.data.question.content).toBe('单选题干');
    expect(view.data.question.analysis).toBeUndefined();
    expect(view.data.question.options.some((o) => 'isRight' in o)).toBe(false);
    expect(findLeaks(view, keys, true)).toEqual([]);
    for (const ep of [trainFavPaging, trainNotePaging]) {
      const page = await k.t.request(ep, { current: 1, size: 50, params: {} }, k.learner);
      expect(page.data.records.map((r) => r.quId)).toContain(locked);
      expect(findLeaks(page, keys, true)).toEqual([]);
    }
    // A favourite outside the paper, from a bank open to practice, shows its key meanwhile.
    const outside = await k.t.request(trainFavView, { quId: k.outsideQuId }, k.learner);
    expect(outside.data).toMatchObject({ answerVisible: true, question: { analysis: '卷外解析' } });

    // Handed in (the exam shows answers after hand-in): the same view now holds the key.
    expect((await k.t.call(paperPaperHand.path, { paperId: k.openPaperId }, k.learner)).code).toBe(0);
    const reviewed = await k.t.request(trainFavView, { quId: locked }, k.learner);
    expect(reviewed.data).toMatchObject({ answerVisible: true, question: { analysis: '单选解析钥匙' } });
    expect(reviewed.data.state).toMatchObject({ fav: true, note: '考前收藏' });
  });
});

describe('bad input', () => {
  it('each broken field answers 10010001 in Chinese and writes nothing', async () => {
    const before = await k.t.db.select().from(elUserFavNote);
    const rows: [string, unknown][] = [
      [trainFavSave.path, { fav: true }],
      [trainFavSave.path, { quId: extra[1], fav: 'yes' }],
      [trainFavSave.path, { quId: '', fav: true }],
      [trainNoteSave.path, { quId: extra[1] }],
      [trainNoteSave.path, { quId: extra[1], note: 12 }],
      [trainNoteDelete.path, {}],
      [trainFavDetail.path, { quId: 5 }],
      [trainFavStateList.path, { quIds: 'q1' }],
      [trainFavStateList.path, { quIds: Array.from({ length: 501 }, (_, i) => `q${i}`) }],
      [trainFavPaging.path, { current: 0, size: 10, params: {} }],
      [trainNotePaging.path, { current: 1, size: 10, params: { keyword: 'x'.repeat(101) } }],
    ];
    for (const [path, body] of rows) {
      const res = await k.t.call(path, body, k.learner);
      expect(res.code, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(ErrorCode.BAD_PARAMS);
      expect(res.msg, path).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await k.t.db.select().from(elUserFavNote)).toEqual(before);
  });
});
