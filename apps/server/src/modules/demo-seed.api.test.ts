/**
 * The complete demo organisation a newcomer meets (DEMO_DATA unset), seeded on an empty
 * database as the first start does: a practice bank with formulas and a picture whose practice run
 * counts what the bank counts, an exam with every kind, its certificate, a notice, a course.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  bookPaging,
  candidateOpenLanding,
  courseLearnMyPaging,
  dashboardTrainingOverview,
  examExamOnlinePaging,
  noticeMyPaging,
  PaperState,
  paperPaperCreate,
  paperPaperDetail,
  paperTmplBlueprintCheck,
  paperTmplDetail,
  paperTmplPaging,
  paperTmplPreview,
  repoKnowledgeMatrix,
  repoKnowledgeTree,
  repoRepoList,
  sysMenuRoutes,
  type TBlueprintCheckResult,
  type TTmplDetail,
  trainDetail,
  trainMasteryDeptStat,
  trainMasteryMine,
  trainRepoList,
  trainStart,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCertTmpl } from '../db/schema/index.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { demoAccounts } from '../demo-accounts.js';
import { LocalBlobStore } from '../platform/storage/local-blob-store.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { renderWithTemplate, sampleValues } from './cert/cert-file.js';
import { demoSeeders, startupHooks } from './index.js';

let t: TestApp;
let student: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-demo-seed-'));
const keptDataDir = process.env.DATA_DIR;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  process.env.DATA_DIR = dataDir;
  // the base seeders (startupHooks, all gated off by DEMO_DATA=0 in tests) and the demo seeders themselves
  const base = startupHooks.seeders.slice(0, startupHooks.seeders.length - demoSeeders.length);
  // Into the app's own data folder, where it serves them from (the files are storage keys).
  expect(await seedIfEmpty(t.db, [...base, ...demoSeeders], new LocalBlobStore(t.app.deps.config.dataDir))).toBe(true);
  student = await t.login('student', 'student123');
});
afterAll(async () => {
  if (keptDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = keptDataDir;
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const page = { current: 1, size: 50, params: {} };

describe('demo data', () => {
  it('offers the formula bank to practise; its sequential run counts the whole bank', async () => {
    const repos = await t.call<{ id: string; title: string; quCount: number }[]>(trainRepoList.path, {}, student);
    const math = repos.data.find((r) => r.title === '数学公式练习题库');
    expect(math?.quCount).toBe(10);
    const started = await t.call<{ trainId: string }>(trainStart.path, { repoId: math?.id, mode: 1 }, student);
    expect(started.code, started.msg).toBe(0);
    const detail = await t.call<{ total: number }>(trainDetail.path, { trainId: started.data.trainId }, student);
    expect(detail.data.total).toBe(10);
  });

  it('publishes 全题型体验考试 with every kind, a composite holding a matching part', async () => {
    const exams = await t.call<{ records: { id: string; title: string }[] }>(examExamOnlinePaging.path, page, student);
    const exam = exams.data.records.find((e) => e.title === '全题型体验考试');
    expect(exam).toBeTruthy();
    const created = await t.call<{ paperId: string }>(paperPaperCreate.path, { examId: exam?.id }, student);
    expect(created.code, created.msg).toBe(0);
    const paper = await t.call<{ questions: { type: number; parentQuId: string | null }[] }>(
      paperPaperDetail.path,
      { paperId: created.data.paperId },
      student,
    );
    const top = paper.data.questions.filter((q) => !q.parentQuId);
    expect(new Set(top.map((q) => q.type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 99]));
    expect(paper.data.questions.some((q) => q.parentQuId && q.type === 6)).toBe(true);
  });

  it('publishes 安全生产蓝图考试 on a blueprint paper that the bank meets, with parallel forms A/B', async () => {
    const exams = await t.call<{ records: { id: string; title: string }[] }>(examExamOnlinePaging.path, page, student);
    expect(exams.data.records.some((e) => e.title === '安全生产蓝图考试')).toBe(true);
    // the menus were synced before this database had its roles (as in the administrator's home below)
    await t.db.execute(
      "insert into sys_role_menu (role_id, menu_id) select r.id, m.id from sys_role r, sys_menu m where r.code = 'sa' on conflict do nothing",
    );
    const admin = await t.login('admin', 'admin123');
    const list = await t.call<{ records: { id: string; title: string; quCount: number }[] }>(
      paperTmplPaging.path,
      { current: 1, size: 10, params: { title: '安全生产蓝图试卷' } },
      admin,
    );
    expect(list.code, list.msg).toBe(0);
    const tmpl = list.data.records[0];
    expect(tmpl.quCount).toBeGreaterThan(5);
    const detail = await t.call<TTmplDetail>(paperTmplDetail.path, { id: tmpl.id }, admin);
    expect(detail.data.blueprintSections.length).toBeGreaterThan(0);
    expect(detail.data.blueprintSections[0].cells.some((c) => c.band !== 'any')).toBe(true);
    expect(detail.data.forms?.labels).toEqual(['A', 'B']);
    const check = await t.call<TBlueprintCheckResult>(
      paperTmplBlueprintCheck.path,
      { blueprintSections: detail.data.blueprintSections },
      admin,
    );
    expect(check.data.met).toBe(true);
    const preview = await t.call<{ questions: { parentQuId: string | null }[] }>(
      paperTmplPreview.path,
      { id: tmpl.id },
      admin,
    );
    expect(preview.data.questions.filter((q) => !q.parentQuId)).toHaveLength(tmpl.quCount);
  });

  it('has a notice, a course with a video and a PDF, and a certificate template with its rule', async () => {
    const notices = await t.call(noticeMyPaging.path, page, student);
    expect(JSON.stringify(notices.data)).toContain('关于开展年度安全生产培训的通知');
    const courses = await t.call(courseLearnMyPaging.path, page, student);
    expect(JSON.stringify(courses.data)).toContain('安全生产入门');
    const files = (
      await t.db.execute('select kind, f.storage_path from el_course_file c join sys_file f on f.id = c.file_id')
    ).rows as { kind: string; storage_path: string }[];
    expect(files.map((f) => f.kind).sort()).toEqual(['pdf', 'video']);
    for (const f of files) expect((await t.app.deps.blobs.stat(f.storage_path))?.size).toBeGreaterThan(1000);
    const rules = (
      await t.db.execute(
        "select t.title from el_cert_rule r join el_cert_tmpl t on t.id = r.tmpl_id join el_exam e on e.id = r.ref_id where e.title = '全题型体验考试'",
      )
    ).rows as { title: string }[];
    expect(rules.map((r) => r.title)).toEqual(['全题型体验合格证']);
  });

  it('has finished papers of three learners with different scores, for results and reports', async () => {
    const papers = (
      await t.db.execute(
        `select u.user_name, p.state, p.user_score, p.passed from el_paper p join sys_user u on u.id = p.user_id
         join el_exam e on e.id = p.exam_id where e.title = '技术部基础测验' order by p.user_score desc`,
      )
    ).rows as { user_name: string; state: number; user_score: number; passed: boolean }[];
    expect(papers.map((p) => p.user_name)).toEqual(['zhaoliu', 'sunqi', 'zhouba']);
    expect(papers.every((p) => p.state === PaperState.FINISHED)).toBe(true);
    expect(papers.map((p) => p.user_score)).toEqual([90, 70, 40]);
    expect(papers.map((p) => p.passed)).toEqual([true, true, false]);
  });

  it('shows a newcomer a certificate with its issuer, seal and border', async () => {
    const [demo] = await t.db.select().from(elCertTmpl).where(eq(elCertTmpl.title, '全题型体验合格证'));
    expect(demo).toMatchObject({ issuerName: '云帆科技集团培训中心', border: 'gilded' });
    const pdf = await renderWithTemplate(
      t.db,
      t.app.deps.blobs,
      demo,
      sampleValues(new Date(), 'Asia/Shanghai'),
      'http://localhost/cert/verify/SAMPLE',
    );
    const file = path.join(dataDir, 'demo-cert.pdf');
    fs.writeFileSync(file, pdf);
    if (process.env.CERT_KEEP_PDF) fs.copyFileSync(file, process.env.CERT_KEEP_PDF);
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('云帆科技集团培训中心');
    execFileSync('pdftoppm', ['-png', '-r', '30', '-singlefile', file, path.join(dataDir, 'demo-cert')]);
    const png = PNG.sync.read(fs.readFileSync(path.join(dataDir, 'demo-cert.png')));
    const at = (fx: number, fy: number) => {
      const i = (Math.round(fy * png.height) * png.width + Math.round(fx * png.width)) * 4;
      return [png.data[i], png.data[i + 1], png.data[i + 2]];
    };
    const red = (fx0: number, fy0: number, fx1: number, fy1: number) => {
      let n = 0;
      for (let y = fy0; y < fy1; y += 0.005)
        for (let x = fx0; x < fx1; x += 0.005) {
          const [r, g, b] = at(x, y);
          if (r > 150 && g < 110 && b < 110) n++;
        }
      return n;
    };
    expect(red(0.6, 0.58, 0.74, 0.78)).toBeGreaterThan(20); // the seal, where its field is
    const [r, g, b] = at(0.5, 16 / 595); // the gold frame: an 8 pt rule 12-20 pt from the top edge
    expect(r - b).toBeGreaterThan(60);
    expect(g).toBeLessThan(200);
  });

  it('gives the administrator’s home something to do: a paper to mark, today’s exams, the set-up list', async () => {
    // the menus were synced before this database had its roles: the super administrator gets them as on a first start
    await t.db.execute(
      "insert into sys_role_menu (role_id, menu_id) select r.id, m.id from sys_role r, sys_menu m where r.code = 'sa' on conflict do nothing",
    );
    const admin = await t.login('admin', 'admin123');
    const res = await t.request(dashboardTrainingOverview, {}, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.marking?.exams).toEqual([expect.objectContaining({ title: '全题型体验考试', papers: 1 })]);
    expect(res.data.examsToday?.find((e) => e.title === '技术部基础测验')).toMatchObject({ handed: 3, learners: 3 });
    expect(res.data.courses?.length).toBeGreaterThan(0);
    expect(res.data.setup?.filter((s) => !s.done).map((s) => s.key)).toContain('live');
  });
});

describe('the demo knowledge points', () => {
  it('is a tree over the demo banks, their questions tagged, counted per point in the bank', async () => {
    const admin = await t.login('admin', 'admin123');
    const nodes = (await t.request(repoKnowledgeTree, {}, admin)).data;
    const at = (path: string) => nodes.find((n) => n.path === path);
    for (const path of ['安全生产/消防安全', '安全生产/应急救护', '计算机基础/软件/办公软件', '数学/公式'])
      expect(at(path)?.quCount, path).toBeGreaterThan(0);
    const safety = at('安全生产');
    expect(safety?.quCount).toBe(0);
    expect(safety?.totalCount).toBeGreaterThan(at('安全生产/消防安全')?.totalCount ?? 0);
    const kinds = (await t.request(repoRepoList, {}, admin)).data.find((r) => r.title === '全题型体验题库');
    const cells = (await t.request(repoKnowledgeMatrix, { repoId: kinds?.id as string }, admin)).data;
    const fire = cells.filter((c) => c.kpId === at('安全生产/消防安全')?.id);
    expect(fire.map((c) => c.type).sort()).toEqual([3, 5]);
  });
});

describe('the demo wrong-answer book', () => {
  it('holds what the demo learners got wrong while practising', async () => {
    const res = await t.call<{ total: number; records: { repoTitle?: string | null }[] }>(
      bookPaging.path,
      { current: 1, size: 20, params: {} },
      student,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.total).toBe(3);
    expect(res.data.records.every((r) => r.repoTitle === '数学公式练习题库')).toBe(true);
  });
});

describe('the demo mastery', () => {
  it('shows learners of several departments on the heat map, and each learner their points', async () => {
    const admin = await t.login('admin', 'admin123');
    const map = await t.call<{ depts: unknown[]; points: { hasChildren: boolean }[]; cells: { mastery: number }[] }>(
      trainMasteryDeptStat.path,
      {},
      admin,
    );
    expect(map.code, map.msg).toBe(0);
    expect(map.data.depts.length).toBeGreaterThanOrEqual(3);
    expect(map.data.cells.length).toBeGreaterThanOrEqual(map.data.depts.length);
    // Not all alike: the demo learners differ.
    expect(new Set(map.data.cells.map((c) => c.mastery)).size).toBeGreaterThan(1);
    const mine = await t.call<{ title: string; mastery: number }[]>(trainMasteryMine.path, {}, student);
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data[0].mastery).toBeLessThanOrEqual(mine.data.at(-1)?.mastery ?? 1);
  });
});

describe('the demo department administrator', () => {
  it('signs in to the menus of a department manager, without the site-wide settings', async () => {
    // as the first start does, after the catalogue sync
    for (const step of startupHooks.onStart) await step(t.db);
    const kept = process.env.DEMO_DATA;
    delete process.env.DEMO_DATA;
    try {
      for (const step of startupHooks.afterFirstStart ?? []) await step(t.db);
    } finally {
      if (kept !== undefined) process.env.DEMO_DATA = kept;
    }
    const deptAdmin = await t.login('deptadmin', 'admin123');
    const res = await t.call<{ path: string; children?: { path: string }[] }[]>(sysMenuRoutes.path, {}, deptAdmin);
    expect(res.code, res.msg).toBe(0);
    const paths = res.data.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => `${r.path}/${c.path}`)]);
    expect(paths).toEqual(expect.arrayContaining(['/admin', '/admin/exam', '/admin/sys/user']));
    expect(paths).not.toContain('/admin/sys/menu');
    expect(paths).not.toContain('/admin/sys/config');
  });
});

describe('the start-up banner', () => {
  it('lists every demo account, and each signs in with the password it prints', async () => {
    const accounts = demoAccounts({});
    expect(accounts.map((a) => a.userName)).toEqual(
      expect.arrayContaining(['admin', 'student', 'lisi', 'wangwu', 'deptadmin', 'zhaoliu', 'sunqi', 'zhouba']),
    );
    for (const a of accounts) expect(await t.login(a.userName, a.password)).toBeTruthy();
    expect(demoAccounts({ DEMO_DATA: '0' }).map((a) => a.userName)).not.toContain('zhaoliu');
  });

  it('opens the recruitment exam to candidates by its link, with two candidates who sat it and no user account', async () => {
    const rows = await t.db.execute<{ token: string; enabled: boolean }>(
      `select l.token, l.enabled from el_exam_open_link l join el_exam e on e.id = l.exam_id where e.title = '2026 春季校园招聘笔试'`,
    );
    const link = (rows as unknown as { rows: { token: string; enabled: boolean }[] }).rows[0];
    expect(link.enabled).toBe(true);
    const landing = await t.request(candidateOpenLanding, { token: link.token });
    expect(landing.data).toMatchObject({ title: '2026 春季校园招聘笔试', state: 'open' });
    const sat = await t.db.execute(
      `select c.name, p.state, p.passed from el_candidate c join el_paper p on p.id = c.paper_id and p.user_id = c.id
       join el_exam e on e.id = c.exam_id where e.title = '2026 春季校园招聘笔试' order by p.passed desc`,
    );
    expect((sat as unknown as { rows: unknown[] }).rows).toEqual([
      { name: '陈晓', state: 2, passed: true },
      { name: '林一帆', state: 2, passed: false },
    ]);
    const users = await t.db.execute(`select 1 from sys_user where real_name in ('陈晓', '林一帆')`);
    expect((users as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
