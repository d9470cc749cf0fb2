/**
 * Candidates through an exam's link, against the real app and database: the organiser's settings,
 * the link's window, each limit (access code, invitation list, cap, one per mobile / ID number),
 * the SMS check, the captcha after repeated failures, 20 parallel registrations of one mobile,
 * the whole sitting of a candidate (no key before hand-in, no sys_user made), and the session's
 * end with the exam.
 */
import {
  CANDIDATE_TOKEN_PREFIX,
  candidateLinkDetail,
  candidateLinkRenew,
  candidateLinkSave,
  candidateOpenCaptcha,
  candidateOpenLanding,
  candidateOpenRegister,
  candidateOpenSendCode,
  candidateSelfLeave,
  candidateSelfMe,
  candidateSelfStart,
  ErrorCode,
  paperPaperDetail,
  paperPaperFillAnswer,
  paperPaperHand,
  paperPaperResult,
  sysUserPaging,
  type TOpenLinkSave,
} from '@exam/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elCandidate, elExam, elPaper, sysToken, sysUser } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { type Bank, saveExam, saveFixedTmpl, seedBank, testClock } from '../paper/test-fixtures.js';
import { lastLoggedCode } from '../system/sms/sms-sender.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let bank: Bank;
let tmplId: string;

/** A valid ID number (GB 11643 check digit). */
const ID = '11010519491231002X';
const LEAK =
  /"(isRight|answer|analysis|refAnswer|rightOptions|pairs|keywords|reference|blanks)"|解析|accessCodeHash|"invited"/;

let ipSeq = 0;
/** A call from its own address (every limit and failure count is per address). */
const from = (ip = `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`) => ({
  call: async (path: string, body: unknown, token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      payload: body as object,
      remoteAddress: ip,
      headers: token ? { token } : {},
    });
    return res.json() as { code: number; msg: string; data: any };
  },
  ip,
});

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  bank = await seedBank(t.db);
  tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.judge], 50);
});
afterAll(async () => t.close());

const baseSettings = (examId: string, over: Partial<TOpenLinkSave> = {}): TOpenLinkSave => ({
  examId,
  enabled: true,
  fields: { name: 2, mobile: 2, idNumber: 0, company: 1, custom: [] },
  smsVerify: false,
  limits: { onePer: 'mobile', cap: 0, invited: [] },
  retentionDays: 30,
  consentText: '仅用于本次考试的身份核验与成绩通知',
  ...over,
});

/** An exam with its link switched on; answers its token. */
async function openExam(over: Partial<TOpenLinkSave> = {}, exam: Record<string, unknown> = {}) {
  const examId = await saveExam(t, admin, tmplId, clock.ms(), { title: '招聘笔试', resultShow: 2, ...exam });
  const saved = await t.request(candidateLinkSave, baseSettings(examId, over), admin);
  if (saved.code !== 0) throw new Error(`${saved.code} ${saved.msg}`);
  return { examId, token: saved.data.token as string };
}

let mobileSeq = 0;
const newMobile = () => `139${String(10_000_000 + ++mobileSeq).slice(-8)}`;
const person = (token: string, over: Record<string, unknown> = {}) => ({
  token,
  name: '张三',
  mobile: newMobile(),
  consent: true as const,
  ...over,
});

describe("the organiser's link settings", () => {
  it('gives a new exam a switched-off link with an unguessable token, and keeps what is saved', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    const first = await t.request(candidateLinkDetail, { examId }, admin);
    expect(first.data).toMatchObject({ enabled: false, hasAccessCode: false, registered: 0 });
    expect(first.data?.token.length).toBeGreaterThanOrEqual(24);
    const saved = await t.request(candidateLinkSave, { ...baseSettings(examId), accessCode: 'ab12' }, admin);
    expect(saved.data).toMatchObject({ enabled: true, hasAccessCode: true, token: first.data?.token });
    expect(JSON.stringify(saved)).not.toContain('ab12');
    // null keeps the code, '' removes it
    expect(
      (await t.request(candidateLinkSave, { ...baseSettings(examId), accessCode: null }, admin)).data?.hasAccessCode,
    ).toBe(true);
    expect(
      (await t.request(candidateLinkSave, { ...baseSettings(examId), accessCode: '' }, admin)).data?.hasAccessCode,
    ).toBe(false);
    const renewed = await t.request(candidateLinkRenew, { examId }, admin);
    expect(renewed.data?.token).not.toBe(first.data?.token);
    expect((await from().call(candidateOpenLanding.path, { token: first.data?.token })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses settings that cannot hold, with a Chinese message, writing nothing', async () => {
    const examId = await saveExam(t, admin, tmplId, clock.ms());
    const cases: [Partial<TOpenLinkSave>, string][] = [
      [
        { smsVerify: true, fields: { name: 2, mobile: 1, idNumber: 0, company: 0, custom: [] } },
        '开启短信验证时手机号必须为必填项',
      ],
      [{ limits: { onePer: 'idNumber', cap: 0, invited: [] } }, '每个身份证号限考一次时身份证号必须为必填项'],
      [
        {
          fields: {
            name: 2,
            mobile: 2,
            idNumber: 0,
            company: 0,
            custom: [{ key: 'no', label: '工号', required: true, pattern: '([', hint: null, options: [] }],
          },
        },
        '不是有效的正则表达式',
      ],
      [{ limits: { onePer: null, cap: 0, invited: ['12345'] } }, '手机号码格式不正确'],
    ];
    for (const [over, message] of cases) {
      const res = await t.request(candidateLinkSave, baseSettings(examId, over), admin);
      expect(res.code).toBe(ErrorCode.BAD_PARAMS);
      expect(res.msg).toContain(message);
    }
    expect((await t.request(candidateLinkDetail, { examId }, admin)).data?.enabled).toBe(false);
  });

  it('is the exam administrators’ only: a learner is refused', async () => {
    const student = await t.login('student', 'student123');
    const { examId } = await openExam();
    expect((await t.request(candidateLinkDetail, { examId }, student)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('the landing page and the window', () => {
  it('shows the exam and what to fill in, never a limit’s content, an access code or a key', async () => {
    const { token } = await openExam({
      accessCode: 'c0de',
      limits: { onePer: 'mobile', cap: 5, invited: ['13900000001'] },
    });
    const res = await from().call(candidateOpenLanding.path, { token });
    expect(res.data).toMatchObject({
      title: '招聘笔试',
      state: 'open',
      needAccessCode: true,
      invitedOnly: true,
      captchaNeeded: false,
      totalScore: 100,
    });
    expect(JSON.stringify(res)).not.toMatch(LEAK);
    expect(JSON.stringify(res)).not.toContain('13900000001');
  });

  it('refuses registration before the window opens and after it ends; an unknown or switched-off link is not found', async () => {
    const later = await openExam(
      {},
      {
        startTime: new Date(clock.ms() + 3600_000).toISOString(),
        endTime: new Date(clock.ms() + 7200_000).toISOString(),
      },
    );
    const r1 = await from().call(candidateOpenRegister.path, person(later.token));
    expect([r1.code, r1.msg]).toEqual([ErrorCode.EXAM_NOT_AVAILABLE, '考试尚未开始，请在考试时间内进入']);
    expect((await from().call(candidateOpenLanding.path, { token: later.token })).data.state).toBe('not-started');

    const ended = await openExam(
      {},
      {
        startTime: new Date(clock.ms() - 7200_000).toISOString(),
        endTime: new Date(clock.ms() - 60_000).toISOString(),
      },
    );
    const r2 = await from().call(candidateOpenRegister.path, person(ended.token));
    expect([r2.code, r2.msg]).toEqual([ErrorCode.EXAM_NOT_AVAILABLE, '考试已结束']);

    expect((await from().call(candidateOpenRegister.path, person('nope-nope'))).code).toBe(ErrorCode.NOT_FOUND);
    const off = await openExam({ enabled: false });
    expect((await from().call(candidateOpenLanding.path, { token: off.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.db.select().from(elCandidate).where(eq(elCandidate.examId, later.examId))).toEqual([]);
  });
});

describe('the fields and the limits', () => {
  it('checks the ID number’s check digit and custom fields’ patterns and options', async () => {
    const { token } = await openExam({
      fields: {
        name: 2,
        mobile: 2,
        idNumber: 2,
        company: 0,
        custom: [
          { key: 'staff_no', label: '工号', required: true, pattern: '\\d{6}', hint: '请输入6位工号', options: [] },
          { key: 'post', label: '岗位', required: false, pattern: null, hint: null, options: ['前端', '后端'] },
        ],
      },
    });
    const c = from();
    const bad = await c.call(
      candidateOpenRegister.path,
      person(token, { idNumber: '110105194912310021', custom: { staff_no: '123456' } }),
    );
    expect([bad.code, bad.msg]).toEqual([ErrorCode.BAD_PARAMS, '身份证号不正确，请检查后重新填写']);
    const badNo = await c.call(
      candidateOpenRegister.path,
      person(token, { idNumber: ID, custom: { staff_no: '12a' } }),
    );
    expect(badNo.msg).toBe('请输入6位工号');
    const badPost = await c.call(
      candidateOpenRegister.path,
      person(token, { idNumber: ID, custom: { staff_no: '123456', post: '销售' } }),
    );
    expect(badPost.msg).toBe('请从选项中选择岗位');
    const ok = await c.call(
      candidateOpenRegister.path,
      person(token, { idNumber: ID.toLowerCase(), custom: { staff_no: '123456', post: '前端', extra: 'x' } }),
    );
    expect(ok.code).toBe(0);
    const [row] = await t.db.select().from(elCandidate).where(eq(elCandidate.examId, ok.data.examId));
    expect(row).toMatchObject({ idNumber: ID, custom: { staff_no: '123456', post: '前端' }, company: null });
    expect(row.consentAt).toBeInstanceOf(Date);
  });

  it('asks the access code', async () => {
    const { token } = await openExam({ accessCode: 'open-sesame' });
    const c = from();
    expect((await c.call(candidateOpenRegister.path, person(token))).msg).toBe('请输入访问码');
    expect((await c.call(candidateOpenRegister.path, person(token, { accessCode: 'wrong' }))).msg).toBe('访问码错误');
    expect((await c.call(candidateOpenRegister.path, person(token, { accessCode: 'open-sesame' }))).code).toBe(0);
  });

  it('lets only invited mobiles register', async () => {
    const invitedMobile = newMobile();
    const { token } = await openExam({ limits: { onePer: 'mobile', cap: 0, invited: [invitedMobile] } });
    const c = from();
    const no = await c.call(candidateOpenRegister.path, person(token));
    expect([no.code, no.msg]).toEqual([ErrorCode.NO_PERMISSION, '该手机号不在本场考试的邀请名单中']);
    expect((await c.call(candidateOpenRegister.path, person(token, { mobile: invitedMobile }))).code).toBe(0);
  });

  it('stops at the total cap', async () => {
    const { token, examId } = await openExam({ limits: { onePer: null, cap: 2, invited: [] } });
    for (let i = 0; i < 2; i++) expect((await from().call(candidateOpenRegister.path, person(token))).code).toBe(0);
    const third = await from().call(candidateOpenRegister.path, person(token));
    expect([third.code, third.msg]).toEqual([ErrorCode.CONFLICT, '报名人数已满']);
    expect(await t.db.select().from(elCandidate).where(eq(elCandidate.examId, examId))).toHaveLength(2);
  });

  it('allows one candidate per mobile, or per ID number', async () => {
    const byMobile = await openExam();
    const mobile = newMobile();
    expect((await from().call(candidateOpenRegister.path, person(byMobile.token, { mobile }))).code).toBe(0);
    const again = await from().call(candidateOpenRegister.path, person(byMobile.token, { mobile, name: '李四' }));
    expect([again.code, again.msg]).toEqual([ErrorCode.DUPLICATE, '该手机号已报名参加本场考试，请用短信验证码找回']);

    const byId = await openExam({
      fields: { name: 2, mobile: 1, idNumber: 2, company: 0, custom: [] },
      limits: { onePer: 'idNumber', cap: 0, invited: [] },
    });
    expect((await from().call(candidateOpenRegister.path, person(byId.token, { idNumber: ID }))).code).toBe(0);
    const dup = await from().call(candidateOpenRegister.path, person(byId.token, { idNumber: ID.toLowerCase() }));
    expect([dup.code, dup.msg]).toEqual([ErrorCode.DUPLICATE, '该身份证号已报名参加本场考试']);
  });

  it('gives 20 parallel registrations of one mobile one candidate and one attempt', async () => {
    const { token, examId } = await openExam();
    const mobile = newMobile();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        from().call(candidateOpenRegister.path, person(token, { mobile, name: `考生${i}` })),
      ),
    );
    const won = answers.filter((a) => a.code === 0);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.DUPLICATE)).toHaveLength(19);
    expect(await t.db.select().from(elCandidate).where(eq(elCandidate.examId, examId))).toHaveLength(1);
    // Its session starting from 20 tabs at once still makes one paper.
    const starts = await Promise.all(
      Array.from({ length: 20 }, () => t.request(candidateSelfStart, {}, won[0].data.token)),
    );
    expect(new Set(starts.map((s) => s.data?.paperId)).size).toBe(1);
    expect(await t.db.select().from(elPaper).where(eq(elPaper.examId, examId))).toHaveLength(1);
  });
});

describe('the SMS check', () => {
  it('needs the code sent to the mobile; a wrong one is refused; the verified owner gets its candidate back', async () => {
    const { token, examId } = await openExam({ smsVerify: true });
    const c = from();
    const mobile = newMobile();
    expect((await c.call(candidateOpenRegister.path, person(token, { mobile }))).msg).toBe('请输入短信验证码');
    expect((await c.call(candidateOpenSendCode.path, { token, mobile })).code).toBe(0);
    const code = lastLoggedCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await c.call(
      candidateOpenRegister.path,
      person(token, { mobile, smsCode: code === '000000' ? '111111' : '000000' }),
    );
    expect([wrong.code, wrong.msg]).toEqual([ErrorCode.SMS_CODE_INVALID, '验证码错误，还可尝试4次']);
    const ok = await c.call(candidateOpenRegister.path, person(token, { mobile, smsCode: code }));
    expect(ok.data).toMatchObject({ resumed: false, examId });
    // A second code at once is refused by the per-mobile interval.
    const soon = await from().call(candidateOpenSendCode.path, { token, mobile });
    expect(soon.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    // After the interval, the owner proves the mobile again and gets the same candidate.
    clock.add(61_000);
    expect((await from().call(candidateOpenSendCode.path, { token, mobile })).code).toBe(0);
    const back = await from().call(
      candidateOpenRegister.path,
      person(token, { mobile, smsCode: lastLoggedCode(mobile) }),
    );
    expect(back.data).toMatchObject({ resumed: true });
    expect(await t.db.select().from(elCandidate).where(eq(elCandidate.examId, examId))).toHaveLength(1);
  });
});

describe('the captcha after repeated failures', () => {
  it('is asked of an address after 3 failures, accepts a solved challenge once', async () => {
    const { token } = await openExam({ accessCode: 'right' });
    const c = from();
    for (let i = 0; i < 3; i++)
      expect((await c.call(candidateOpenRegister.path, person(token, { accessCode: 'x' }))).msg).toBe('访问码错误');
    const asked = await c.call(candidateOpenRegister.path, person(token, { accessCode: 'right' }));
    expect(asked.code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect((await c.call(candidateOpenLanding.path, { token })).data.captchaNeeded).toBe(true);
    // Another address is not asked.
    expect((await from().call(candidateOpenLanding.path, { token })).data.captchaNeeded).toBe(false);

    const challenge = (await c.call(candidateOpenCaptcha.path, { token })).data;
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const forged = Buffer.from(
      JSON.stringify({ challenge, solution: { ...solution, counter: (solution?.counter ?? 0) + 1 } }),
    ).toString('base64');
    expect(
      (await c.call(candidateOpenRegister.path, person(token, { accessCode: 'right', captcha: forged }))).code,
    ).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect(
      (await c.call(candidateOpenRegister.path, person(token, { accessCode: 'right', captcha: payload }))).code,
    ).toBe(0);
    const reused = await c.call(candidateOpenRegister.path, person(token, { accessCode: 'right', captcha: payload }));
    expect([reused.code, reused.msg]).toEqual([ErrorCode.CAPTCHA_REQUIRED, '人机验证已使用，请重新验证']);
  });
});

describe('a candidate sits the exam', () => {
  it('registers, starts, saves, hands in and sees the result as the exam allows; no user account is made', async () => {
    const { token, examId } = await openExam();
    const users = (await t.db.select({ id: sysUser.id }).from(sysUser)).length;
    const reg = await from().call(candidateOpenRegister.path, person(token, { name: '王小明' }));
    expect(reg.code).toBe(0);
    const session = reg.data.token as string;
    expect(session.startsWith(CANDIDATE_TOKEN_PREFIX)).toBe(true);
    const [candidate] = await t.db.select().from(elCandidate).where(eq(elCandidate.examId, examId));

    const me = await t.request(candidateSelfMe, {}, session);
    expect(me.data).toMatchObject({
      examId,
      title: '招聘笔试',
      name: '王小明',
      paperId: null,
      paperOpen: false,
      cert: null,
    });
    const started = await t.request(candidateSelfStart, { canFullScreen: false }, session);
    expect(started.code).toBe(0);
    const paperId = started.data?.paperId as string;
    const [paper] = await t.db.select().from(elPaper).where(eq(elPaper.id, paperId));
    expect(paper.userId).toBe(candidate.id);
    expect((await t.db.select().from(elCandidate).where(eq(elCandidate.id, candidate.id)))[0]).toMatchObject({
      status: 1,
      paperId,
    });

    const detail = await t.request(paperPaperDetail, { paperId }, session);
    expect(detail.code).toBe(0);
    const texts = [JSON.stringify(reg), JSON.stringify(me), JSON.stringify(started), JSON.stringify(detail)];
    for (const text of texts) expect(text).not.toMatch(LEAK);

    const saved = await t.request(
      paperPaperFillAnswer,
      { paperId, quId: bank.single, answer: 'B', seq: 1, windowId: 'w1' },
      session,
    );
    expect(saved.data).toEqual({ accepted: true, seq: 1 });
    expect((await t.request(paperPaperHand, { paperId }, session)).code).toBe(0);
    const result = await t.request(paperPaperResult, { paperId }, session);
    expect(result.code).toBe(0);
    expect(result.data).toMatchObject({ userScore: 50 });
    expect((await t.request(candidateSelfMe, {}, session)).data).toMatchObject({ paperId, paperOpen: false });

    expect((await t.db.select({ id: sysUser.id }).from(sysUser)).length).toBe(users);
    const list = await t.request(sysUserPaging, { current: 1, size: 100 }, admin);
    expect(list.code).toBe(0);
    expect(JSON.stringify(list.data)).not.toContain('王小明');

    // Leaving ends the session.
    expect((await t.request(candidateSelfLeave, {}, session)).code).toBe(0);
    expect((await t.request(candidateSelfMe, {}, session)).code).toBe(ErrorCode.NOT_LOGIN);
  });

  it("ends the session with the exam: after the exam's end its token finds nothing", async () => {
    const { token, examId } = await openExam();
    const session = (await from().call(candidateOpenRegister.path, person(token))).data.token as string;
    const [tok] = await t.db
      .select()
      .from(sysToken)
      .where(eq(sysToken.tokenHash, (await import('../../platform/auth.js')).hashToken(session)));
    const [exam] = await t.db.select().from(elExam).where(eq(elExam.id, examId));
    expect(tok.expiresAt.getTime()).toBe(exam.endTime.getTime());
    await t.db
      .update(elExam)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(elExam.id, examId));
    const me = await t.request(candidateSelfMe, {}, session);
    expect(me.code).toBe(ErrorCode.NOT_LOGIN);
  });

  it('cannot start another exam: the gate opens its own exam only', async () => {
    const { token } = await openExam();
    const other = await saveExam(t, admin, tmplId, clock.ms(), { title: '另一场考试' });
    const session = (await from().call(candidateOpenRegister.path, person(token))).data.token as string;
    const res = await t.call('/api/paper/paper/create', { examId: other }, session);
    expect(res.code).toBe(ErrorCode.NOT_LOGIN);
    expect(await t.db.select().from(elPaper).where(eq(elPaper.examId, other))).toEqual([]);
  });
});
