/**
 * A candidate's certificate: a candidate has no sys_user row, and the issuer names it through the
 * candidate module (cert/holder-port.ts). Passing an exam with a certificate rule issues one with
 * the candidate's name (number, public verification masked as a learner's, PDF, the candidate's
 * result page); failing issues none.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  candidateLinkSave,
  candidateOpenRegister,
  candidateSelfMe,
  candidateSelfStart,
  certCertDownload,
  certTmplSave,
  certVerify,
  ErrorCode,
  paperPaperFillAnswer,
  paperPaperHand,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCandidate, elCert } from '../../db/schema/index.js';
import { drainEvents } from '../../test/events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let examId: string;
let linkToken: string;
let cert0 = '';

const FIELDS = [
  { kind: 'realName', x: 0.1, y: 0.3, width: 0.8, fontSize: 36, color: '#222222', align: 'center' },
  { kind: 'certNo', x: 0.05, y: 0.85, width: 0.4, fontSize: 12, color: '#666666', align: 'left' },
];

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single], 100);
  examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '招聘笔试', passScore: 60, resultShow: 2 });
  const link = await t.request(
    candidateLinkSave,
    {
      examId,
      enabled: true,
      fields: { name: 2, mobile: 2, idNumber: 0, company: 1, custom: [] },
      smsVerify: false,
      limits: { onePer: 'mobile', cap: 0, invited: [] },
      retentionDays: 30,
      consentText: '仅用于本次考试的身份核验与成绩通知',
    },
    admin,
  );
  expect(link.code).toBe(0);
  linkToken = link.data?.token as string;
  const cert = await t.call(
    certTmplSave.path,
    {
      title: '笔试合格证',
      orientation: 'landscape',
      prefix: 'HIRE',
      validMonths: 0,
      fields: FIELDS,
      rules: [{ kind: 'exam', refId: examId }],
    },
    admin,
  );
  expect(cert.code).toBe(0);
});
afterAll(async () => t.close());

let ip = 0;
/** Registers, sits and hands in with `answer` (B is right); answers the candidate's id and session. */
async function sit(name: string, mobile: string, answer: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: candidateOpenRegister.path,
    payload: { token: linkToken, name, mobile, company: '某某科技有限公司', consent: true },
    remoteAddress: `10.9.0.${++ip}`,
  });
  const reg = res.json() as { code: number; data: { token: string } };
  expect(reg.code).toBe(0);
  const session = reg.data.token;
  const started = await t.request(candidateSelfStart, { canFullScreen: false }, session);
  const paperId = started.data?.paperId as string;
  await t.request(paperPaperFillAnswer, { paperId, quId: bank.single, answer, seq: 1, windowId: 'w1' }, session);
  expect((await t.request(paperPaperHand, { paperId }, session)).code).toBe(0);
  await drainEvents(t);
  const [candidate] = await t.db.select().from(elCandidate).where(eq(elCandidate.paperId, paperId));
  return { id: candidate.id, session };
}

describe("a candidate's certificate", () => {
  it("is issued with the candidate's name on a pass: number, masked verification, PDF, the result page", async () => {
    const { id, session } = await sit('王小明', '13900001111', 'B');
    const certs = await t.db.select().from(elCert).where(eq(elCert.userId, id));
    expect(certs).toHaveLength(1);
    const [cert] = certs;
    expect(cert).toMatchObject({ holderName: '王小明', deptName: null, sourceKind: 'exam', refId: examId });
    expect(cert.certNo).toMatch(/^HIRE-\d{4}-\d{6}$/);

    const me = await t.request(candidateSelfMe, {}, session);
    expect(me.data?.cert).toEqual({ id: cert.id, certNo: cert.certNo, verifyCode: cert.verifyCode });

    // The public page: masked as a learner's, nothing of the candidate's other fields.
    const verified = await t.call(certVerify.path, { keyword: cert.verifyCode }, null);
    expect(verified.code).toBe(0);
    expect(verified.data).toMatchObject({ certNo: cert.certNo, holderName: '王*明', status: 'valid' });
    expect(JSON.stringify(verified.data)).not.toMatch(/王小明|13900001111|某某科技|"userId"|"deptName":"/);
    const byNumber = await t.call(certVerify.path, { keyword: cert.certNo, holderName: '王小明' }, null);
    expect(byNumber.data?.certNo).toBe(cert.certNo);

    // The PDF names the candidate, who downloads its own.
    const pdf = await t.app.inject({
      method: 'POST',
      url: certCertDownload.path,
      payload: { id: cert.id },
      headers: { token: session },
    });
    expect(pdf.statusCode).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cand-cert-')), 'cert.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('王小明');
    expect(text).toContain(cert.certNo);
    // The organiser downloads it too.
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: certCertDownload.path,
      payload: { id: cert.id },
      headers: { token: admin },
    });
    expect(byAdmin.statusCode).toBe(200);
    cert0 = cert.id;
  });

  it('is not issued on a fail', async () => {
    const { id, session } = await sit('李小红', '13900002222', 'A');
    expect(await t.db.select().from(elCert).where(eq(elCert.userId, id))).toEqual([]);
    expect((await t.request(candidateSelfMe, {}, session)).data?.cert).toBeNull();
    // Nor may this candidate download another's certificate.
    const other = await t.call(certCertDownload.path, { id: cert0 }, session);
    expect(other.code).toBe(ErrorCode.NO_PERMISSION);
  });
});
