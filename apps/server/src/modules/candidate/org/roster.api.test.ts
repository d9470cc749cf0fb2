/**
 * The organiser's candidate list against the real app and database: who may see it (an
 * administrator of another department is refused everything, writing nothing), masking in the list
 * and the logged unmasked view, the logged export, the interview mark, results by SMS reported per
 * candidate (a gateway failure is never "sent"), the conversion into a learner who then signs in
 * and holds the attempt, and the retention sweep that erases on schedule and not before.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CandidateStatus,
  candidateRosterConvert,
  candidateRosterDetail,
  candidateRosterInterview,
  candidateRosterPaging,
  candidateRosterSmsResult,
  DataScope,
  ErrorCode,
  paperPaperCreate,
  paperPaperHand,
  paperPaperRecordPaging,
} from '@exam/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCandidate, elExamOpenLink, elPaper, sysConfig, sysLog, sysUser } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from '../../paper/test-fixtures.js';
import { createAdmin, deptId, download, readSheet } from '../../system/user/user.test-helpers.js';
import { sweepCandidateRetention } from './retention.js';

const PERMS = ['exam:exam:view', 'exam:candidate:view', 'exam:candidate:export', 'exam:candidate:manage'];
const NOT_YOURS = '该考试不在您的数据权限范围内，不能查看其考生';
const DAY = 86_400_000;

const clock = testClock();
let t: TestApp;
let admin: string;
let adminId: string;
let learner: string;
let tech: { token: string; id: string };
let examId: string;
let otherExamId: string;
let examEnd: number;
const c: Record<string, string> = {};

/** A candidate row as the candidate module writes it at registration. */
async function candidate(
  exam: string,
  name: string,
  mobile: string,
  extra: Partial<typeof elCandidate.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(elCandidate)
    .values({ examId: exam, name, mobile, consentAt: new Date(clock.ms()), custom: {}, ...extra })
    .returning({ id: elCandidate.id });
  return row.id;
}

/** An attempt of the exam held by the candidate: sat by a learner, then given the candidate's id. */
async function attemptFor(candidateId: string, userName: string, hand: boolean, score?: number) {
  const token = await t.login(userName, 'student123');
  const started = await t.request(paperPaperCreate, { examId }, token);
  expect(started.code, started.msg).toBe(0);
  const paperId = started.data.paperId;
  if (hand) expect((await t.request(paperPaperHand, { paperId }, token)).code).toBe(0);
  await t.db
    .update(elPaper)
    .set({ userId: candidateId, ...(score === undefined ? {} : { userScore: score, passed: score >= 60 }) })
    .where(eq(elPaper.id, paperId));
  await t.db.update(elCandidate).set({ paperId, status: 1 }).where(eq(elCandidate.id, candidateId));
}

const page = (params: Record<string, unknown>, token = admin) =>
  t.request(candidateRosterPaging, { current: 1, size: 50, params: { examId, ...params } }, token);

const logsTitled = (title: string) =>
  t.db.select().from(sysLog).where(eq(sysLog.title, title)).orderBy(desc(sysLog.createdAt));

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  learner = await t.login('lisi', 'student123');
  [{ id: adminId }] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'admin'));
  tech = await createAdmin(t, 'cr_tech', DataScope.DEPT_AND_BELOW, 'D001D001', PERMS);
  const bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge], 50);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '校园招聘笔试' });
  examEnd = clock.ms() + DAY;
  await t.db.insert(elExamOpenLink).values({
    examId,
    token: 'roster-test-token',
    enabled: true,
    fields: { name: 2, mobile: 2, idNumber: 1, company: 1, custom: [] },
    limits: { onePer: 'mobile', cap: 0, invited: [] },
    retentionDays: 30,
  });
  otherExamId = await saveExam(t, admin, tmplId, clock.ms(), { title: '另一场考试' });
  c.zhang = await candidate(examId, '张三丰', '13911110001', { idNumber: '110101199001011234', company: '甲公司' });
  c.li = await candidate(examId, '李四光', '13911110002');
  c.wang = await candidate(examId, '王五', '13911110003');
  c.zhao = await candidate(examId, '赵六', '13911110004');
  c.other = await candidate(otherExamId, '外场考生', '13911110009');
  await attemptFor(c.zhang, 'student', true, 80);
  await attemptFor(c.li, 'lisi', true, 40);
  await attemptFor(c.zhao, 'wangwu', false);
}, 180_000);
afterAll(async () => t.close());

describe('who may see the candidates', () => {
  it('refuses without a token, a learner, and bad filters', async () => {
    expect((await page({}, null as unknown as string)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await page({}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
    const bad = await t.call(
      candidateRosterPaging.path,
      { current: 1, size: 10, params: { examId, scoreMin: 90, scoreMax: 10 } },
      admin,
    );
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('最低分不能大于最高分');
  });

  it('refuses an administrator of another department everything about the exam, writing nothing', async () => {
    const logsBefore = (await logsTitled('查看考生个人信息')).length;
    for (const res of [
      await page({}, tech.token),
      await t.request(candidateRosterDetail, { examId, id: c.zhang }, tech.token),
      await t.request(candidateRosterInterview, { examId, ids: [c.zhang], interview: true }, tech.token),
      await t.request(candidateRosterSmsResult, { examId, ids: [c.zhang] }, tech.token),
    ]) {
      expect(res.code, res.msg).toBe(ErrorCode.NO_PERMISSION);
      expect(res.msg).toBe(NOT_YOURS);
    }
    const file = await download(t, '/api/candidate/roster/export', { examId }, tech.token);
    expect(file.json().code).toBe(ErrorCode.NO_PERMISSION);
    const [row] = await t.db.select().from(elCandidate).where(eq(elCandidate.id, c.zhang));
    expect(row.interview).toBe(false);
    expect((await logsTitled('查看考生个人信息')).length).toBe(logsBefore);
  });

  it('lets that administrator see the candidates of an exam created in their department', async () => {
    await t.db
      .update(sysUser)
      .set({ deptId: await deptId(t, 'D001D001') })
      .where(eq(sysUser.userName, 'student'));
    const [student] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const { elExam } = await import('../../../db/schema/index.js');
    await t.db.update(elExam).set({ createdBy: student.id }).where(eq(elExam.id, otherExamId));
    const res = await t.request(
      candidateRosterPaging,
      { current: 1, size: 10, params: { examId: otherExamId } },
      tech.token,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.records.map((r) => r.name)).toEqual(['外场考生']);
    await t.db.update(elExam).set({ createdBy: adminId }).where(eq(elExam.id, otherExamId));
  });
});

describe('the list', () => {
  it('masks mobiles and ID numbers and shows status, score and flags', async () => {
    const res = await page({});
    expect(res.code, res.msg).toBe(0);
    expect(res.data.total).toBe(4);
    const zhang = res.data.records.find((r) => r.id === c.zhang);
    expect(zhang).toMatchObject({
      name: '张三丰',
      mobile: '139****0001',
      idNumber: '1101**********1234',
      company: '甲公司',
      status: CandidateStatus.MARKED,
      score: 80,
      passed: true,
    });
    expect(JSON.stringify(res.data)).not.toContain('13911110001');
    expect(JSON.stringify(res.data)).not.toContain('199001011234');
    const byId = new Map(res.data.records.map((r) => [r.id, r]));
    expect(byId.get(c.wang)?.status).toBe(CandidateStatus.REGISTERED);
    expect(byId.get(c.zhao)?.status).toBe(CandidateStatus.SITTING);
    expect(byId.get(c.zhao)?.score).toBeNull();
  });

  it('filters by status, score range and keyword on name or mobile', async () => {
    const names = async (params: Record<string, unknown>) =>
      (await page(params)).data.records.map((r) => r.name).sort();
    expect(await names({ status: CandidateStatus.MARKED })).toEqual(['张三丰', '李四光'].sort());
    expect(await names({ scoreMin: 60 })).toEqual(['张三丰']);
    expect(await names({ scoreMin: 0, scoreMax: 50 })).toEqual(['李四光']);
    expect(await names({ keyword: '王' })).toEqual(['王五']);
    expect(await names({ keyword: '0004' })).toEqual(['赵六']);
  });

  it('shows one candidate unmasked and logs who looked', async () => {
    const res = await t.request(candidateRosterDetail, { examId, id: c.zhang }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.mobile).toBe('13911110001');
    expect(res.data.idNumber).toBe('110101199001011234');
    const [log] = await logsTitled('查看考生个人信息');
    expect(log.userName).toBe('admin');
    expect(log.params).toMatchObject({ examId, candidateId: c.zhang });
    // Another exam's candidate is not found through this exam.
    expect((await t.request(candidateRosterDetail, { examId, id: c.other }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('export', () => {
  it('writes the filtered rows and logs who, which exam and how many rows', async () => {
    const res = await download(t, '/api/candidate/roster/export', { examId, status: CandidateStatus.MARKED }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0].slice(0, 5)).toEqual(['姓名', '手机号', '身份证号', '单位', '状态']);
    expect(rows.length - 1).toBe(2);
    expect(rows.map((r) => r[1])).toContain('13911110001');
    const [log] = await logsTitled('导出考生名单');
    expect(log.userName).toBe('admin');
    expect(log.params).toMatchObject({ examId, rows: 2 });
    expect(log.message).toContain('2 行');
  });
});

describe('interview mark', () => {
  it('marks the chosen candidates of the exam only, and the filter finds them', async () => {
    const res = await t.request(
      candidateRosterInterview,
      { examId, ids: [c.zhang, c.li, c.other], interview: true },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.changed).toBe(2);
    const marked = await page({ interview: true });
    expect(marked.data.records.map((r) => r.id).sort()).toEqual([c.zhang, c.li].sort());
    const [other] = await t.db.select().from(elCandidate).where(eq(elCandidate.id, c.other));
    expect(other.interview).toBe(false);
  });
});

describe('results by SMS', () => {
  let server: http.Server;
  const received: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        const parsed = JSON.parse(body) as { mobile: string; text: string };
        if (parsed.mobile === '13911110002') {
          res.writeHead(500).end('down');
          return;
        }
        received.push(`${parsed.mobile}|${parsed.text}`);
        res.writeHead(200).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await t.db
      .update(sysConfig)
      .set({
        sms: {
          provider: 'http',
          httpUrl: `http://127.0.0.1:${port}/send`,
          httpTemplate: '{"mobile":"{mobile}","text":"{text}"}',
        },
      })
      .where(eq(sysConfig.id, '1'));
  });
  afterAll(async () => {
    await t.db
      .update(sysConfig)
      .set({ sms: { provider: 'log' } })
      .where(eq(sysConfig.id, '1'));
    await new Promise((r) => server.close(r));
  });

  it('reports each candidate: sent, gateway failure, not yet marked', async () => {
    const res = await t.request(candidateRosterSmsResult, { examId, ids: [c.zhang, c.li, c.wang] }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.sent).toBe(1);
    expect(res.data.failed).toBe(2);
    const byId = new Map(res.data.items.map((i) => [i.id, i]));
    expect(byId.get(c.zhang)).toMatchObject({ ok: true, mobile: '139****0001' });
    expect(byId.get(c.li)).toMatchObject({ ok: false, reason: '短信网关返回 HTTP 500' });
    expect(byId.get(c.wang)).toMatchObject({ ok: false, reason: '成绩尚未评定（未交卷或待阅卷）' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^13911110001\|.*张三丰您好.*校园招聘笔试.*成绩80分.*通过/);
    expect(res.data.sample).toContain('校园招聘笔试');
  });

  it('reports every candidate as not sent when the provider cannot send notices', async () => {
    await t.db
      .update(sysConfig)
      .set({ sms: { provider: 'aliyun', accessKeyId: 'a', accessKeySecret: 'b', signName: 'c', templateCode: 'd' } })
      .where(eq(sysConfig.id, '1'));
    const res = await t.request(candidateRosterSmsResult, { examId, ids: [c.zhang] }, admin);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ sent: 0, failed: 1 });
    expect(res.data.items[0].reason).toContain('不能发送通知短信');
  });
});

describe('conversion into a learner', () => {
  it('refuses a mobile that already belongs to a user, naming that user, and creates nobody', async () => {
    await t.db.update(sysUser).set({ mobile: '13911110002' }).where(eq(sysUser.userName, 'lisi'));
    const before = (await t.db.select({ id: sysUser.id }).from(sysUser)).length;
    const res = await t.request(
      candidateRosterConvert,
      { examId, id: c.li, deptId: await deptId(t, 'D001D001'), password: 'abc12345' },
      admin,
    );
    expect(res.code).toBe(ErrorCode.DUPLICATE);
    expect(res.msg).toContain('lisi');
    expect((await t.db.select({ id: sysUser.id }).from(sysUser)).length).toBe(before);
  });

  it('makes a learner who signs in and holds the attempt; a second conversion is refused', async () => {
    const res = await t.request(
      candidateRosterConvert,
      { examId, id: c.zhang, deptId: await deptId(t, 'D001D001'), password: 'abc12345' },
      admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.userName).toBe('13911110001');
    const token = await t.login('13911110001', 'abc12345');
    const records = await t.request(paperPaperRecordPaging, { current: 1, size: 10, params: { examId } }, token);
    expect(records.code, records.msg).toBe(0);
    expect(records.data.records).toHaveLength(1);
    expect(records.data.records[0].userScore).toBe(80);
    const [paper] = await t.db.select().from(elPaper).where(eq(elPaper.userId, res.data.userId));
    expect(paper.examId).toBe(examId);
    // The list still shows the candidate with its result, now pointing at the learner.
    const row = (await page({})).data.records.find((r) => r.id === c.zhang);
    expect(row).toMatchObject({ status: CandidateStatus.MARKED, score: 80, convertedUserId: res.data.userId });
    const again = await t.request(
      candidateRosterConvert,
      { examId, id: c.zhang, deptId: await deptId(t, 'D001D001'), password: 'abc12345', userName: 'zhang2' },
      admin,
    );
    expect(again.code).toBe(ErrorCode.CONFLICT);
    expect((await t.db.select().from(sysUser).where(eq(sysUser.userName, 'zhang2'))).length).toBe(0);
  });
});

describe('retention', () => {
  it('erases the personal fields after the retention days past the exam end, not before', async () => {
    expect(await sweepCandidateRetention(t.db, new Date(examEnd + 29 * DAY))).toBe(0);
    const [kept] = await t.db.select().from(elCandidate).where(eq(elCandidate.id, c.li));
    expect(kept.mobile).toBe('13911110002');
    expect(await sweepCandidateRetention(t.db, new Date(examEnd + 30 * DAY + 60_000))).toBe(4);
    const rows = await t.db.select().from(elCandidate).where(eq(elCandidate.examId, examId));
    for (const r of rows) {
      expect(r).toMatchObject({ name: null, mobile: null, idNumber: null, company: null, ip: null });
      expect(r.erasedAt).not.toBeNull();
    }
    // The other exam has no retention setting: kept.
    const [other] = await t.db
      .select()
      .from(elCandidate)
      .where(and(eq(elCandidate.id, c.other)));
    expect(other.mobile).toBe('13911110009');
    // Results stay for the reports, anonymised.
    const list = await page({});
    const li = list.data.records.find((r) => r.id === c.li);
    expect(li).toMatchObject({ name: null, mobile: null, erased: true, status: CandidateStatus.MARKED, score: 40 });
    expect(await sweepCandidateRetention(t.db, new Date(examEnd + 31 * DAY))).toBe(0);
  });
});
