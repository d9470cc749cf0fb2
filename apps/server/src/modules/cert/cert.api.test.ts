/** Certificates: automatic issue on exam.passed / course.completed, once only, PDF text, verification, access. */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  certCertDownload,
  certCertExport,
  certCertIssue,
  certCertMyPaging,
  certCertPaging,
  certCertRevoke,
  certTmplPaging,
  certTmplPreview,
  certTmplSave,
  certVerify,
  DataScope,
  ErrorCode,
  examResultVoid,
  paperPaperCreate,
  paperPaperFillAnswer,
  paperPaperHand,
  sysUserInfo,
} from '@exam/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCert, elCertRule, sysFile, sysUser } from '../../db/schema/index.js';
import { publish } from '../../platform/events/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { createAdmin } from '../system/user/user.test-helpers.js';
import { issueForExamPass } from './cert-issue.service.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
let lisi: string;
let bank: Bank;
let examId: string;
let certTmplId: string;

const FIELDS = [
  { kind: 'realName', x: 0.1, y: 0.3, width: 0.8, fontSize: 36, color: '#222222', align: 'center' },
  { kind: 'achievement', x: 0.1, y: 0.45, width: 0.8, fontSize: 18, color: '#333333', align: 'center' },
  { kind: 'certNo', x: 0.05, y: 0.85, width: 0.4, fontSize: 12, color: '#666666', align: 'left' },
  { kind: 'qrcode', x: 0.82, y: 0.72, width: 0.12, fontSize: 12, color: '#000000', align: 'left' },
  { kind: 'text', x: 0.1, y: 0.1, width: 0.8, fontSize: 40, color: '#aa0000', align: 'center', text: '荣誉证书' },
];

async function sit(token: string, answer: string) {
  const { data } = await t.call(paperPaperCreate.path, { examId }, token);
  await t.call(
    paperPaperFillAnswer.path,
    { paperId: data.paperId, quId: bank.single, answer, seq: 1, windowId: 'w1' },
    token,
  );
  const hand = await t.call(paperPaperHand.path, { paperId: data.paperId }, token);
  expect(hand.code).toBe(0);
  return data.paperId as string;
}

const myCerts = async (token: string) =>
  (await t.call(certCertMyPaging.path, { current: 1, size: 50 }, token)).data.records as Array<{
    id: string;
    certNo: string;
    achievement: string;
    status: string;
  }>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  lisi = await t.login('lisi', 'student123');
  bank = await seedBank(t.db);
  const paperTmpl = await saveFixedTmpl(t, admin, [bank.single]);
  examId = await saveExam(t, admin, paperTmpl, clock.ms(), { passScore: 5, title: '安全生产考试' });
  const saved = await t.call(
    certTmplSave.path,
    {
      title: '安全生产合格证',
      orientation: 'landscape',
      prefix: 'CERT',
      validMonths: 24,
      fields: FIELDS,
      rules: [{ kind: 'exam', refId: examId }],
    },
    admin,
  );
  expect(saved.code).toBe(0);
  certTmplId = saved.data.id;
});
afterAll(async () => t.close());

describe('access and input', () => {
  it('refuses without a token, learners on admin paths, and names the bad field', async () => {
    expect((await t.call(certTmplPaging.path, {}, null)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(certCertMyPaging.path, {}, null)).code).toBe(ErrorCode.NOT_LOGIN);
    expect((await t.call(certCertPaging.path, {}, student)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(certCertRevoke.path, { id: 'x', reason: 'r' }, student)).code).toBe(ErrorCode.NO_PERMISSION);
    const bad = await t.call(certTmplSave.path, { orientation: 'landscape', fields: [], rules: [] }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('模板名称');
    const badColor = await t.call(
      certTmplSave.path,
      {
        title: 'x',
        orientation: 'landscape',
        prefix: 'CERT',
        validMonths: 0,
        fields: [{ ...FIELDS[0], color: 'red' }],
        rules: [],
      },
      admin,
    );
    expect(badColor.code).toBe(ErrorCode.BAD_PARAMS);
    expect(badColor.msg).toContain('颜色');
    const noExam = await t.call(
      certTmplSave.path,
      {
        title: 'x',
        orientation: 'landscape',
        prefix: 'CERT',
        validMonths: 0,
        fields: [],
        rules: [{ kind: 'exam', refId: 'nope' }],
      },
      admin,
    );
    expect(noExam.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noExam.msg).toContain('自动发证规则');
    expect((await t.call(certVerify.path, { keyword: '' }, null)).code).toBe(ErrorCode.BAD_PARAMS);
  });
});

describe('automatic issue on exam.passed', () => {
  it('issues none after a failing hand-in', async () => {
    await sit(lisi, 'A');
    await drainEvents(t);
    expect(await myCerts(lisi)).toEqual([]);
  });

  it('issues one after a passing hand-in, and a re-sit that passes again does not duplicate it', async () => {
    await sit(student, 'B');
    await drainEvents(t);
    const first = await myCerts(student);
    expect(first).toHaveLength(1);
    expect(first[0].certNo).toMatch(/^CERT-\d{4}-\d{6}$/);
    expect(first[0].achievement).toContain('安全生产考试');
    expect(first[0].status).toBe('valid');
    await sit(student, 'B');
    await drainEvents(t);
    expect(await myCerts(student)).toHaveLength(1);
  });

  it('gives one certificate when two consumers handle the same pass at once', async () => {
    const [rule] = await t.db.select().from(elCertRule).where(eq(elCertRule.tmplId, certTmplId));
    const [lisiUser] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'lisi'));
    const p = { userId: lisiUser.id, examId, score: 10, passedAt: new Date(clock.ms()).toISOString() };
    const issued = await Promise.all([
      t.db.transaction((tx) => issueForExamPass(tx, p, 'Asia/Shanghai')),
      t.db.transaction((tx) => issueForExamPass(tx, p, 'Asia/Shanghai')),
      t.db.transaction((tx) => issueForExamPass(tx, p, 'Asia/Shanghai')),
    ]);
    expect(issued.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await t.db.select().from(elCert).where(eq(elCert.userId, lisiUser.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].ruleKey).toBe(rule.id);
    // The same event delivered twice (a retry after a crash) changes nothing either.
    await t.db.transaction(async (tx) => {
      await publish(tx, { name: 'exam.passed', payload: { paperId: 'p1', ...p } });
      await publish(tx, { name: 'exam.passed', payload: { paperId: 'p1', ...p } });
    });
    await drainEvents(t);
    expect(await t.db.select().from(elCert).where(eq(elCert.userId, lisiUser.id))).toHaveLength(1);
    // Numbers are consecutive: the losers took none.
    const all = (await t.db.select({ no: elCert.certNo }).from(elCert)).map((r) => Number(r.no.slice(-6))).sort();
    expect(all).toEqual(all.map((_, i) => i + 1));
  });

  it('issues on course.completed through a template rule for the course', async () => {
    const saved = await t.call(
      certTmplSave.path,
      {
        title: '结业证书',
        orientation: 'portrait',
        prefix: 'EDU',
        validMonths: 0,
        fields: FIELDS,
        rules: [{ kind: 'course', refId: 'course-1' }],
      },
      admin,
    );
    expect(saved.code).toBe(0);
    const { data: me } = await t.call(sysUserInfo.path, {}, student);
    await t.db.transaction((tx) =>
      publish(tx, {
        name: 'course.completed',
        payload: {
          courseId: 'course-1',
          userId: me.userId ?? me.id,
          completedAt: new Date().toISOString(),
          title: '消防安全',
          hours: 8,
        },
      }),
    );
    await drainEvents(t);
    const certs = await myCerts(student);
    const edu = certs.find((c) => c.certNo.startsWith('EDU-'));
    expect(edu?.achievement).toBe('完成课程《消防安全》，8 学时');
  });
});

describe('PDF, verification and revocation', () => {
  it('renders a PDF whose text holds the Chinese name and the number', async () => {
    const [cert] = await myCerts(student);
    const res = await t.app.inject({
      method: 'POST',
      url: certCertDownload.path,
      payload: { id: cert.id },
      headers: { token: student },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-'));
    const file = path.join(dir, 'cert.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('张三');
    expect(text).toContain(cert.certNo);
    expect(text).toContain('荣誉证书');
    // Kept for a look: pdftoppm -png -r 60 -singlefile <file> <out>
    if (process.env.CERT_KEEP_PDF) fs.copyFileSync(file, process.env.CERT_KEEP_PDF);
    // Another learner may not download it.
    const other = await t.call(certCertDownload.path, { id: cert.id }, lisi);
    expect(other.code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('answers the public verification by code, or by number with the holder name, masked, and shows a revocation', async () => {
    const [cert] = await myCerts(student);
    const [row] = await t.db.select().from(elCert).where(eq(elCert.id, cert.id));
    // Numbers are sequential: a number alone asks for the holder's name; with another name it is not found.
    const alone = await t.call(certVerify.path, { keyword: cert.certNo }, null);
    expect(alone.code).toBe(ErrorCode.BAD_PARAMS);
    expect(alone.data).toBeNull();
    for (const holderName of ['李四', '张'])
      expect((await t.call(certVerify.path, { keyword: cert.certNo, holderName }, null)).code).toBe(
        ErrorCode.NOT_FOUND,
      );
    const byNo = await t.call(certVerify.path, { keyword: cert.certNo.toLowerCase(), holderName: ' 张三 ' }, null);
    expect(byNo.code).toBe(0);
    expect(byNo.data).toMatchObject({ certNo: cert.certNo, holderName: '张*', status: 'valid' });
    expect(byNo.data).not.toHaveProperty('userId');
    const byCode = await t.call(certVerify.path, { keyword: row.verifyCode }, null);
    expect(byCode.data.certNo).toBe(cert.certNo);
    expect((await t.call(certVerify.path, { keyword: 'CERT-1999-000001', holderName: '张三' }, null)).code).toBe(
      ErrorCode.NOT_FOUND,
    );

    const noReason = await t.call(certCertRevoke.path, { id: cert.id, reason: ' ' }, admin);
    expect(noReason.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noReason.msg).toContain('撤销原因');
    expect((await t.call(certCertRevoke.path, { id: cert.id, reason: '考试违纪' }, admin)).code).toBe(0);
    expect((await t.call(certCertRevoke.path, { id: cert.id, reason: '再次' }, admin)).code).toBe(ErrorCode.CONFLICT);
    const after = await t.call(certVerify.path, { keyword: row.verifyCode }, null);
    expect(after.data).toMatchObject({ status: 'revoked', revokeReason: '考试违纪' });
    const list = await t.call(certCertPaging.path, { params: { status: 'revoked' } }, admin);
    expect(list.data.records.map((r: { id: string }) => r.id)).toEqual([cert.id]);
    const refused = await t.call(certCertDownload.path, { id: cert.id }, student);
    expect(refused.code).toBe(ErrorCode.CONFLICT);
  });

  it('shows expiry once the validity ends', async () => {
    const certs = await myCerts(lisi);
    clock.add(25 * 31 * 86400_000);
    const v = await t.call(certCertMyPaging.path, {}, lisi);
    expect(v.data.records[0].status).toBe('expired');
    clock.add(-25 * 31 * 86400_000);
    expect(certs).toHaveLength(1);
  });
});

describe('manual issue and export', () => {
  it('issues by hand once per learner and achievement, and exports xlsx', async () => {
    const ids = await t.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(inArray(sysUser.userName, ['lisi', 'wangwu']));
    const body = { tmplId: certTmplId, userIds: ids.map((u) => u.id), achievement: '2026年度优秀学员' };
    const first = await t.call(certCertIssue.path, body, admin);
    expect(first.data).toEqual({ issued: 2, skipped: 0 });
    const again = await t.call(certCertIssue.path, body, admin);
    expect(again.data).toEqual({ issued: 0, skipped: 2 });
    const missing = await t.call(certCertIssue.path, { ...body, userIds: ['nobody'] }, admin);
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    const res = await t.app.inject({
      method: 'POST',
      url: certCertExport.path,
      payload: {},
      headers: { token: admin },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('rendering that fails', () => {
  it('keeps the certificate and renders it on a later download once the cause is gone', async () => {
    const [wangwu] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'wangwu'));
    // A "PNG" that is not one: pdfkit cannot draw it.
    const fake = `files/test/bad-${Date.now()}.png`;
    const blobs = t.app.deps.blobs;
    await blobs.put(fake, Buffer.from('not an image'));
    const [bg] = await t.db
      .insert(sysFile)
      .values({ id: `f${Date.now()}`, originalName: 'bg.png', mime: 'image/png', size: 12, storagePath: fake })
      .returning();
    const saved = await t.call(
      certTmplSave.path,
      {
        title: '坏背景',
        orientation: 'landscape',
        prefix: 'BAD',
        validMonths: 0,
        bgFileId: bg.id,
        fields: FIELDS,
        rules: [],
      },
      admin,
    );
    const issued = await t.call(
      certCertIssue.path,
      { tmplId: saved.data.id, userIds: [wangwu.id], achievement: '测试' },
      admin,
    );
    expect(issued.data.issued).toBe(1);
    const [cert] = await t.db
      .select()
      .from(elCert)
      .where(eq(elCert.userId, wangwu.id))
      .orderBy(desc(elCert.issuedAt), desc(elCert.id));
    expect(cert.certNo).toMatch(/^BAD-/);
    const res = await t.app.inject({
      method: 'POST',
      url: certCertDownload.path,
      payload: { id: cert.id },
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(ErrorCode.CONFLICT);
    expect(res.json().msg).toContain('证书文件生成失败');
    const [after] = await t.db.select().from(elCert).where(eq(elCert.id, cert.id));
    expect(after).toMatchObject({ renderFailures: 1, filePath: null });

    // A PNG whose compressed data is corrupt: refused before pdfkit sees it (no hang, no crash).
    const png = new PNG({ width: 4, height: 4 });
    png.data.fill(200);
    const good = PNG.sync.write(png);
    const broken = Buffer.from(good);
    broken[broken.length - 20] ^= 0xff;
    await blobs.put(fake, broken);
    const again = await t.call(certCertDownload.path, { id: cert.id }, admin);
    expect(again.code).toBe(ErrorCode.CONFLICT);
    expect(again.msg).toContain('背景图片已损坏');

    const refused = await t.call(
      certTmplSave.path,
      {
        ...saved.data,
        id: saved.data.id,
        title: '坏背景',
        orientation: 'landscape',
        prefix: 'BAD',
        validMonths: 0,
        bgFileId: bg.id,
        fields: FIELDS,
        rules: [],
      },
      admin,
    );
    expect(refused.code).toBe(ErrorCode.BAD_PARAMS);
    expect(refused.msg).toContain('背景图片');

    await blobs.put(fake, good);
    const ok = await t.app.inject({
      method: 'POST',
      url: certCertDownload.path,
      payload: { id: cert.id },
      headers: { token: admin },
    });
    expect(ok.headers['content-type']).toContain('application/pdf');
    const [cached] = await t.db.select().from(elCert).where(eq(elCert.id, cert.id));
    expect(cached.filePath).toBe(`certs/${cert.id}.pdf`); // a storage key, not a path
    expect(await blobs.stat(`certs/${cert.id}.pdf`)).not.toBeNull();
  });
});

describe('public verification limit', () => {
  it('answers 10010005 after 30 look-ups a minute from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) codes.push((await t.call(certVerify.path, { keyword: `X-${i}` }, null)).code);
    expect(codes.slice(0, 10)).not.toContain(ErrorCode.TOO_MANY_REQUESTS);
    expect(codes.at(-1)).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });
});

describe('voided papers', () => {
  it('revokes an exam certificate once no passing paper of that exam is left', async () => {
    const paperTmpl = await saveFixedTmpl(t, admin, [bank.single]);
    const exam2 = await saveExam(t, admin, paperTmpl, clock.ms(), { passScore: 5, title: '复训考试' });
    const saved = await t.call(
      certTmplSave.path,
      {
        title: '复训合格证',
        orientation: 'landscape',
        prefix: 'RE',
        validMonths: 0,
        fields: FIELDS,
        rules: [{ kind: 'exam', refId: exam2 }],
      },
      admin,
    );
    expect(saved.code).toBe(0);
    const wangwu = await t.login('wangwu', 'student123');
    const sitExam2 = async () => {
      const { data } = await t.call(paperPaperCreate.path, { examId: exam2 }, wangwu);
      await t.call(
        paperPaperFillAnswer.path,
        { paperId: data.paperId, quId: bank.single, answer: 'B', seq: 1, windowId: 'w1' },
        wangwu,
      );
      expect((await t.call(paperPaperHand.path, { paperId: data.paperId }, wangwu)).code).toBe(0);
      return data.paperId as string;
    };
    const first = await sitExam2();
    const second = await sitExam2();
    await drainEvents(t);
    const mine = async () => (await myCerts(wangwu)).filter((c) => c.certNo.startsWith('RE-'));
    expect(await mine()).toHaveLength(1);

    expect((await t.call(examResultVoid.path, { paperId: first, reason: '替考' }, admin)).code).toBe(0);
    await drainEvents(t);
    expect((await mine())[0].status).toBe('valid');

    expect((await t.call(examResultVoid.path, { paperId: second, reason: '替考' }, admin)).code).toBe(0);
    await drainEvents(t);
    const [revoked] = await mine();
    expect(revoked.status).toBe('revoked');
    const [row] = await t.db.select().from(elCert).where(eq(elCert.id, revoked.id));
    expect(row.revokeReason).toBe('答卷已作废：替考');
  });
});

describe('data scope of administrators', () => {
  it("an administrator of one department sees, revokes and downloads only its learners' certificates", async () => {
    const scoped = await createAdmin(t, 'certd2', DataScope.OWN_DEPT, 'D001D002', [
      'cert',
      'cert-cert',
      'cert:cert:view',
      'cert:cert:revoke',
    ]);
    const list = await t.call(certCertPaging.path, { size: 100 }, scoped.token);
    expect(list.code).toBe(0);
    const holders = new Set(list.data.records.map((r: { holderName: string }) => r.holderName));
    expect([...holders]).toEqual(['李四']);
    const [other] = await myCerts(student);
    expect((await t.call(certCertRevoke.path, { id: other.id, reason: '越权' }, scoped.token)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await t.call(certCertDownload.path, { id: other.id }, scoped.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await t.call(certCertIssue.path, { tmplId: certTmplId, userIds: [], achievement: 'x' }, scoped.token)).code,
    ).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('template preview', () => {
  it('renders the unsaved form with sample data, and only for holders of cert:tmpl:view', async () => {
    const tmpl = { title: '预览', orientation: 'portrait', prefix: 'CERT', validMonths: 0, fields: FIELDS, rules: [] };
    const res = await t.app.inject({
      method: 'POST',
      url: certTmplPreview.path,
      payload: { tmpl },
      headers: { token: admin },
    });
    expect(res.headers['content-type']).toContain('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cert-')), 'preview.pdf');
    fs.writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('张三');
    expect(text).toContain('荣誉证书');
    expect((await t.call(certTmplPreview.path, { tmpl }, student)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(certTmplPreview.path, {}, admin)).code).toBe(ErrorCode.BAD_PARAMS);
  });
});
