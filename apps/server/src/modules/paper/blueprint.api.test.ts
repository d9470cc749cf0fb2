/**
 * Blueprint papers (智能组卷) against the real app and database: exact counts per cell (a point's
 * descendants count, a question tagged with two cells' points fills one), bands from measured
 * difficulty, the shortfall per cell and the refused save, per-learner draws meeting the blueprint
 * over many starts, parallel forms within their overlap bound (and refused when impossible), the
 * learner's form at start, preview and printing.
 */
import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  examPrintPaperPreview,
  paperPaperCreate,
  paperTmplBlueprintCheck,
  paperTmplDetail,
  paperTmplForms,
  paperTmplPaging,
  paperTmplPreview,
  paperTmplSave,
  type TBlueprintSection,
} from '@exam/contracts';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  elKnowledgePoint,
  elPaperQu,
  elPaperTmpl,
  elQu,
  elQuKnowledge,
  elQuRepo,
  elQuStat,
  elRepo,
  sysRole,
  sysToken,
  sysUser,
  sysUserRole,
} from '../../db/schema/index.js';
import { hashToken } from '../../platform/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { formOfLearner } from './blueprint.js';
import { buildPaperQuestions } from './paper-build.js';
import { saveExam, testClock } from './test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let repoId: string;
/** Question ids by group: F (tagged 消防, under 安全), S (安全 itself, hard), O (操作, medium), E (操作, measured easy), FO (消防 and 操作), J (judge, untagged). */
const g: Record<'F' | 'S' | 'O' | 'E' | 'FO' | 'J', string[]> = { F: [], S: [], O: [], E: [], FO: [], J: [] };
const kp = { S: '', F: '', O: '' };

const opts = [
  { key: 'A', content: '甲', isRight: true },
  { key: 'B', content: '乙', isRight: false },
];

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  const [repo] = await t.db.insert(elRepo).values({ title: '蓝图题库' }).returning({ id: elRepo.id });
  repoId = repo.id;
  const tag = randomBytes(3).toString('hex');
  kp.S = `kpS${tag}`;
  kp.F = `kpF${tag}`;
  kp.O = `kpO${tag}`;
  await t.db.insert(elKnowledgePoint).values([
    { id: kp.S, parentId: null, title: `安全${tag}`, path: `/${kp.S}/` },
    { id: kp.F, parentId: kp.S, title: '消防', path: `/${kp.S}/${kp.F}/` },
    { id: kp.O, parentId: null, title: `操作${tag}`, path: `/${kp.O}/` },
  ]);
  const add = async (
    group: keyof typeof g,
    n: number,
    type: number,
    level: number,
    points: string[],
    measured?: number,
  ) => {
    for (let i = 0; i < n; i++) {
      const [q] = await t.db
        .insert(elQu)
        .values({ type, level, content: `${group}${i}`, options: opts })
        .returning({ id: elQu.id });
      await t.db.insert(elQuRepo).values({ quId: q.id, repoId });
      if (points.length) await t.db.insert(elQuKnowledge).values(points.map((kpId) => ({ quId: q.id, kpId })));
      if (measured !== undefined) await t.db.insert(elQuStat).values({ quId: q.id, answers: 50, difficulty: measured });
      g[group].push(q.id);
    }
  };
  await add('F', 6, 1, 1, [kp.F]);
  await add('S', 4, 1, 2, [kp.S]);
  await add('O', 3, 1, 1, [kp.O]);
  await add('E', 2, 1, 1, [kp.O], 0.9);
  await add('FO', 3, 1, 1, [kp.F, kp.O]);
  await add('J', 4, 3, 1, []);
});
afterAll(async () => t.close());

const cell = (
  quType: number,
  kpId: string | null,
  band: 'any' | 'easy' | 'medium' | 'hard',
  count: number,
  score = 2,
) => ({
  quType,
  kpId,
  band,
  count,
  score,
});
const section = (title: string, cells: ReturnType<typeof cell>[]): TBlueprintSection => ({
  title,
  repoIds: [repoId],
  cells,
});

/** The tight blueprint: the 12 singles under 安全-中 and 操作-中 fill both cells only if the shared three go to 安全. */
const tight = () => [
  section('单选', [
    cell(1, kp.S, 'medium', 9),
    cell(1, kp.O, 'medium', 3),
    cell(1, kp.O, 'easy', 2),
    cell(1, kp.S, 'hard', 4),
  ]),
  section('判断', [cell(3, null, 'any', 4, 1)]),
];

const check = (blueprintSections: TBlueprintSection[]) =>
  t.call(paperTmplBlueprintCheck.path, { blueprintSections }, admin);

async function tmplCount() {
  const rows = await t.db.select({ id: elPaperTmpl.id }).from(elPaperTmpl).where(isNull(elPaperTmpl.deletedAt));
  return rows.length;
}

async function saveBlueprint(title: string, blueprintSections: TBlueprintSection[]) {
  const res = await t.call(paperTmplSave.path, { title, kind: 2, blueprintSections }, admin);
  expect(res.code, res.msg).toBe(0);
  return res.data.id as string;
}

describe('the blueprint check', () => {
  it('counts each cell exactly: descendants count, measured difficulty decides the band, a shared question fills one cell', async () => {
    const res = await check(tight());
    expect(res.code, res.msg).toBe(0);
    expect(res.data.met).toBe(true);
    expect(res.data.message).toBeNull();
    expect(res.data.cells.map((c: { available: number; short: number }) => [c.available, c.short])).toEqual([
      [9, 0], // 6 消防 + 3 消防&操作, all medium (level 1)
      [6, 0], // 3 操作 + 3 消防&操作 (the 2 measured easy are not medium)
      [2, 0], // measured 0.9: easy although the author said ordinary
      [4, 0], // level 2: hard
      [4, 0],
    ]);
    expect(res.data.quCount).toBe(22);
    expect(res.data.totalScore).toBe(40);
  });

  it('reports the shortfall per cell in Chinese and the save refuses it, nothing saved', async () => {
    const short = tight();
    short[0].cells[1].count = 4; // 13 singles wanted from the 12 under 安全-中 ∪ 操作-中
    short[0].cells[3].count = 5; // 4 hard ones only
    const res = await check(short);
    expect(res.data.met).toBe(false);
    const shorts = res.data.cells.map((c: { short: number }) => c.short);
    expect(shorts[3]).toBe(1);
    expect(shorts[0] + shorts[1]).toBe(1);
    expect(res.data.message).toContain(`第1大题「单选」·单选题·安全`);
    expect(res.data.message).toContain('·难需要5道，可用4道，还差1道');
    expect(res.data.message).toContain('符合的题目已被其他格用去');
    const before = await tmplCount();
    const saved = await t.call(paperTmplSave.path, { title: '不足的蓝图', kind: 2, blueprintSections: short }, admin);
    expect(saved.code).toBe(ErrorCode.BAD_PARAMS);
    expect(saved.msg).toContain('题库题目不足');
    expect(saved.msg).toContain('还差1道');
    expect(await tmplCount()).toBe(before);
  });

  it('saves a blueprint that is met, with its totals, and answers it in the detail', async () => {
    const id = await saveBlueprint('蓝图卷', tight());
    const d = await t.call(paperTmplDetail.path, { id }, admin);
    expect(d.code, d.msg).toBe(0);
    expect(d.data.totalScore).toBe(40);
    expect(d.data.quCount).toBe(22);
    expect(d.data.blueprintSections).toHaveLength(2);
    expect(d.data.blueprintSections[0].cells[0]).toMatchObject({ kpId: kp.S, band: 'medium', count: 9 });
    expect(d.data.ruleSections).toEqual([]);
    expect(d.data.forms).toBeNull();
    const page = await t.call(paperTmplPaging.path, { current: 1, size: 50, params: { title: '蓝图卷' } }, admin);
    expect(page.data.records[0].quCount).toBe(22);
  });
});

/** Whether one draw's singles can be split into 安全-中 ×5 and 操作-any ×4 (Hall's condition for two cells). */
function meetsLoose(ids: string[]) {
  const only = (grp: string[]) => ids.filter((id) => grp.includes(id)).length;
  const onlyS = only(g.F);
  const onlyO = only(g.O) + only(g.E);
  const shared = only(g.FO);
  return ids.length === 9 && onlyS <= 5 && onlyO <= 4 && onlyS + onlyO + shared === 9;
}
const loose = () => [
  section('单选', [cell(1, kp.S, 'medium', 5), cell(1, kp.O, 'any', 4)]),
  section('判断', [cell(3, null, 'any', 2, 1)]),
];

describe('per-learner draws', () => {
  it('meet the blueprint on every draw, and differ from draw to draw', async () => {
    const seen = new Set<string>();
    const sets = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const built = await buildPaperQuestions(t.db, loose(), { shuffleQu: true, shuffleOpt: true });
      const singles = built.filter((q) => q.sectionIdx === 0).map((q) => q.quId);
      const judges = built.filter((q) => q.sectionIdx === 1).map((q) => q.quId);
      expect(new Set(singles).size).toBe(singles.length);
      expect(meetsLoose(singles), JSON.stringify(singles)).toBe(true);
      expect(judges.every((id) => g.J.includes(id))).toBe(true);
      expect(judges).toHaveLength(2);
      for (const id of singles) seen.add(id);
      sets.add([...singles].sort().join());
    }
    expect(sets.size).toBeGreaterThan(5);
    expect(seen.size).toBeGreaterThanOrEqual(12);
  });

  it('every learner starting the exam gets a paper that meets the blueprint', async () => {
    const tmplId = await saveBlueprint('抽题蓝图卷', loose());
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 1 });
    const tokens = await learners(12);
    for (const token of tokens) {
      const res = await t.call(paperPaperCreate.path, { examId }, token);
      expect(res.code, res.msg).toBe(0);
      const rows = await t.db
        .select({ quId: elPaperQu.quId, sectionIdx: elPaperQu.sectionIdx, score: elPaperQu.score })
        .from(elPaperQu)
        .where(eq(elPaperQu.paperId, res.data.paperId));
      const singles = rows.filter((r) => r.sectionIdx === 0).map((r) => r.quId);
      expect(meetsLoose(singles), JSON.stringify(singles)).toBe(true);
      expect(rows.filter((r) => r.sectionIdx === 1)).toHaveLength(2);
      expect(rows.reduce((n, r) => n + r.score, 0)).toBe(9 * 2 + 2);
    }
  });

  it('a start is refused in Chinese when the banks no longer meet the blueprint', async () => {
    const tmplId = await saveBlueprint('将不足的蓝图卷', [section('判断', [cell(3, null, 'any', 4, 1)])]);
    const examId = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 1 });
    const [token] = await learners(1);
    await t.db.update(elQu).set({ deletedAt: new Date() }).where(eq(elQu.id, g.J[0]));
    try {
      const res = await t.call(paperPaperCreate.path, { examId }, token);
      expect(res.code).toBe(ErrorCode.EXAM_NOT_AVAILABLE);
      expect(res.msg).toContain('试卷蓝图中有1格题库题目不足（共差1道）');
    } finally {
      await t.db.update(elQu).set({ deletedAt: null }).where(eq(elQu.id, g.J[0]));
    }
  });
});

describe('parallel forms', () => {
  const formsBp = () => [section('单选', [cell(1, kp.S, 'medium', 3)]), section('判断', [cell(3, null, 'any', 2, 1)])];

  it('generates forms that each meet the blueprint with no question in common, kept across an unchanged save', async () => {
    const id = await saveBlueprint('平行卷', formsBp());
    const res = await t.call(paperTmplForms.path, { id, count: 2, maxShare: 0 }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.labels).toEqual(['A', 'B']);
    expect(res.data.quCount).toBe(5);
    expect(res.data.overlap).toEqual([
      [5, 0],
      [0, 5],
    ]);
    const [row] = await t.db.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, id));
    const forms = row.sections.map((s) => ('forms' in s ? s.forms : undefined));
    for (const f of [0, 1]) {
      expect(forms[0]?.[f][0]).toHaveLength(3);
      expect(forms[0]?.[f][0].every((q) => [...g.F, ...g.FO].includes(q))).toBe(true);
      expect(forms[1]?.[f][0]).toHaveLength(2);
      expect(forms[1]?.[f][0].every((q) => g.J.includes(q))).toBe(true);
    }
    // A save that changes the title only keeps the forms; one that changes a cell drops them.
    await t.call(paperTmplSave.path, { id, title: '平行卷（改名）', kind: 2, blueprintSections: formsBp() }, admin);
    expect((await t.call(paperTmplDetail.path, { id }, admin)).data.forms?.labels).toEqual(['A', 'B']);
    const changed = formsBp();
    changed[0].cells[0].count = 2;
    await t.call(paperTmplSave.path, { id, title: '平行卷（改名）', kind: 2, blueprintSections: changed }, admin);
    expect((await t.call(paperTmplDetail.path, { id }, admin)).data.forms).toBeNull();
  });

  it('refuses forms beyond the bound with the figures, leaving the template as it was', async () => {
    const id = await saveBlueprint('平行卷2', formsBp());
    expect((await t.call(paperTmplForms.path, { id, count: 2, maxShare: 0 }, admin)).code).toBe(0);
    const [before] = await t.db.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, id));
    // 3 forms × 2 judges from 4: two forms must share one judge at least (limit 0).
    const res = await t.call(paperTmplForms.path, { id, count: 3, maxShare: 0 }, admin);
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toContain('无法生成3套共同题目不超过0%的平行试卷');
    expect(res.msg).toContain('上限0道');
    const [after] = await t.db.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, id));
    expect(after.sections).toEqual(before.sections);
    // With one shared question of five allowed (20 %), three forms are possible.
    const ok = await t.call(paperTmplForms.path, { id, count: 3, maxShare: 0.2 }, admin);
    expect(ok.code, ok.msg).toBe(0);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) if (i !== j) expect(ok.data.overlap[i][j]).toBeLessThanOrEqual(1);
    expect(ok.data.maxShare).toBe(0.2);
    // Count 0 removes them.
    const off = await t.call(paperTmplForms.path, { id, count: 0, maxShare: 0 }, admin);
    expect(off.code).toBe(0);
    expect(off.data).toBeNull();
  });

  it('a learner sits their own form', async () => {
    const id = await saveBlueprint('平行卷考试', formsBp());
    expect((await t.call(paperTmplForms.path, { id, count: 2, maxShare: 0 }, admin)).code).toBe(0);
    const [row] = await t.db.select().from(elPaperTmpl).where(eq(elPaperTmpl.id, id));
    const examId = await saveExam(t, admin, id, clock.ms(), { passScore: 1 });
    const tokens = await learners(6);
    const forms = new Set<number>();
    for (const token of tokens) {
      const res = await t.call(paperPaperCreate.path, { examId }, token);
      expect(res.code, res.msg).toBe(0);
      const [tok] = await t.db
        .select({ userId: sysToken.userId })
        .from(sysToken)
        .where(eq(sysToken.tokenHash, hashToken(token)));
      const f = formOfLearner(tok.userId, 2);
      forms.add(f);
      const expected = row.sections.flatMap((s) => ('forms' in s && s.forms ? s.forms[f].flat() : []));
      const rows = await t.db
        .select({ quId: elPaperQu.quId })
        .from(elPaperQu)
        .where(eq(elPaperQu.paperId, res.data.paperId));
      expect(rows.map((r) => r.quId).sort()).toEqual([...expected].sort());
    }
  });
});

describe('preview and printing of a blueprint paper', () => {
  it('preview draws a paper meeting the blueprint; printing gives a PDF', async () => {
    const id = await saveBlueprint('预览蓝图卷', loose());
    const res = await t.call(paperTmplPreview.path, { id }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.questions).toHaveLength(11);
    expect(res.data.totalScore).toBe(20);
    const unsaved = await t.call(
      paperTmplPreview.path,
      { tmpl: { title: '未保存', kind: 2, blueprintSections: loose() } },
      admin,
    );
    expect(unsaved.code, unsaved.msg).toBe(0);
    expect(unsaved.data.questions).toHaveLength(11);
    const pdf = await t.app.inject({
      method: 'POST',
      url: examPrintPaperPreview.path,
      headers: { token: admin },
      payload: { tmplId: id, withKey: true },
    });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    expect(pdf.headers['content-type']).toContain('pdf');
  });
});

async function learners(count: number): Promise<string[]> {
  const [role] = await t.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.code, 'student'));
  const prefix = randomBytes(3).toString('hex');
  const users = await t.db
    .insert(sysUser)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userName: `bp${prefix}${i}`,
        realName: `考生${i}`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values(users.map((u) => ({ userId: u.id, roleId: role.id })));
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await t.db.insert(sysToken).values(
    users.map((u, i) => ({
      tokenHash: hashToken(tokens[i]),
      userId: u.id,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  );
  return tokens;
}
