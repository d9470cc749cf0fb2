/**
 * Bad input on the calls of the last wave (14, 16): for each validation rule of each new
 * endpoint, one call breaking only that rule (a missing field, a wrong type, a value out of range)
 * answers HTTP 200 with 10010001 and a Chinese message naming the field (DESIGN 4), and nothing is
 * written: the rows of every table those calls write are counted before and after.
 */
import {
  ErrorCode,
  examExamOverrideDelete,
  examExamOverrideList,
  examExamOverrideSave,
  examExamResit,
  examExamResitPreview,
  examInvigilateAddTime,
  examInvigilateBeat,
  examInvigilateDetail,
  examInvigilateHand,
  examInvigilateMsg,
  examInvigilateVoid,
  examPrintAnsweredPreview,
  examPrintPaperPreview,
  examProctorChallengeStep,
  examProctorConsent,
  examRegradeDetail,
  examRegradeJobList,
  examRegradeQuestionList,
  examRegradeReportPaging,
  examRegradeStart,
  examReportDeptExport,
  examReportDeptStat,
  examReportLearnerList,
  examReportTranscriptDetail,
  examReportTranscriptExport,
  examReportTrendExport,
  examReportTrendStat,
  paperMarkQuArbitrate,
  paperMarkQuList,
  paperMarkQuQuestionList,
  paperMarkQuSave,
  paperMarkQuSettingSave,
  sysConfigAdminDetail,
  sysConfigSave,
  sysOauthAuthorize,
  sysOauthBindLogin,
  sysOauthBindStart,
  sysOauthCallback,
  sysOauthRegister,
  sysOauthUnbind,
  sysUserFaceEnrol,
  sysUserFaceEnrolChallenge,
  sysUserFaceLogin,
  sysUserFaceLoginChallenge,
  sysUserMobileLogin,
  sysUserSmsSendCode,
} from '@exam/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { saveExam, saveFixedTmpl, seedBank, testClock } from './paper/test-fixtures.js';
import { sit } from './sitting/regrade/regrade-fixtures.js';

const clock = testClock();
let t: TestApp;
let admin: string;
let student: string;
const real: Record<string, string> = {};

/** Tables the calls below would write. */
const WRITTEN = [
  'el_invigilate_msg',
  'el_exam_override',
  'el_regrade_job',
  'el_regrade_item',
  'el_qu_mark',
  'el_mark_setting',
  'el_paper_presence',
  'sys_oauth_flow',
  'sys_user_bind',
  'sys_user_face',
  'sys_sms_code',
  'sys_user',
];
async function counts(): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  for (const table of WRITTEN) {
    const res = await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = Number((res.rows[0] as { n: number }).n);
  }
  const paper = await t.db.execute(
    sql`select coalesce(sum(extract(epoch from deadline)), 0)::float8 as d, count(*) filter (where voided)::int as v,
      count(*) filter (where state = 0)::int as open from el_paper`,
  );
  const p = paper.rows[0] as { d: number; v: number; open: number };
  out.paperDeadlines = Number(p.d);
  out.voided = Number(p.v);
  out.open = Number(p.open);
  const config = await t.db.execute(sql`select md5(oauth::text) as h from sys_config limit 1`);
  out.oauthConfig = String((config.rows[0] as { h: string } | undefined)?.h ?? '');
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  const bank = await seedBank(t.db);
  const tmplId = await saveFixedTmpl(t, admin, [bank.single, bank.short]);
  real.exam = await saveExam(t, admin, tmplId, clock.ms(), { passScore: 10 });
  real.short = bank.short;
  real.paper = await sit(t, student, real.exam, { [bank.short]: '原子性' });
}, 180_000); // two sign-ins (argon2), a hand-in and a database copy: slow on the shared, loaded machine
afterAll(async () => t.close());

type Who = 'admin' | 'student' | null;
/** [rule, endpoint path, body, caller, a fragment the Chinese message must hold]. */
type Row = [string, string, unknown, Who, string];

const long = (n: number) => 'x'.repeat(n);
const KEY = 'k'.repeat(40);
const SYNC = 'http://localhost:5173/sync';
const frames = (n: number, frame = '/9j/4AAQSkZJRgABAQ') => Array.from({ length: n }, () => frame);
const later = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

const ROWS: Row[] = [
  // 监考
  ['detail: examId missing', examInvigilateDetail.path, {}, 'admin', '考试ID：不能为空'],
  ['detail: examId wrong type', examInvigilateDetail.path, { examId: 7 }, 'admin', '考试ID'],
  ['msg: content missing', examInvigilateMsg.path, { examId: 'e' }, 'admin', '消息内容：不能为空'],
  ['msg: content blank', examInvigilateMsg.path, { examId: 'e', content: '  ' }, 'admin', '请输入消息内容'],
  ['msg: content too long', examInvigilateMsg.path, { examId: 'e', content: long(501) }, 'admin', '消息内容'],
  [
    'msg: reason too long',
    examInvigilateMsg.path,
    { examId: 'e', content: 'a', reason: long(501) },
    'admin',
    '操作原因',
  ],
  ['msg: userId empty', examInvigilateMsg.path, { examId: 'e', content: 'a', userId: '' }, 'admin', '考生ID'],
  ['add-time: minutes 0', examInvigilateAddTime.path, { paperId: 'p', minutes: 0, reason: 'r' }, 'admin', '加时分钟数'],
  [
    'add-time: minutes 601',
    examInvigilateAddTime.path,
    { paperId: 'p', minutes: 601, reason: 'r' },
    'admin',
    '加时分钟数',
  ],
  [
    'add-time: minutes 1.5',
    examInvigilateAddTime.path,
    { paperId: 'p', minutes: 1.5, reason: 'r' },
    'admin',
    '加时分钟数',
  ],
  [
    'add-time: minutes text',
    examInvigilateAddTime.path,
    { paperId: 'p', minutes: '5', reason: 'r' },
    'admin',
    '加时分钟数',
  ],
  ['add-time: reason missing', examInvigilateAddTime.path, { paperId: 'p', minutes: 5 }, 'admin', '操作原因'],
  ['hand: paperId missing', examInvigilateHand.path, { reason: 'r' }, 'admin', '试卷ID：不能为空'],
  ['hand: reason blank', examInvigilateHand.path, { paperId: 'p', reason: ' ' }, 'admin', '请输入操作原因'],
  ['void: reason too long', examInvigilateVoid.path, { paperId: 'p', reason: long(501) }, 'admin', '操作原因'],
  ['beat: paperId missing', examInvigilateBeat.path, {}, 'student', '试卷ID：不能为空'],
  ['beat: since not a time', examInvigilateBeat.path, { paperId: 'p', since: '昨天' }, 'student', '监考消息时间'],
  // 个别安排 and 补考
  ['override-list: examId missing', examExamOverrideList.path, {}, 'admin', '考试ID'],
  [
    'override: target type missing',
    examExamOverrideSave.path,
    { examId: 'e', extraMinutes: 5 },
    'admin',
    '请选择安排对象类型',
  ],
  [
    'override: target type 3',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 3, extraMinutes: 5 },
    'admin',
    '请选择安排对象类型',
  ],
  [
    'override: learner missing',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, extraMinutes: 5 },
    'admin',
    '请选择考生',
  ],
  [
    'override: dept missing',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 2, extraMinutes: 5 },
    'admin',
    '请选择部门',
  ],
  [
    'override: minutes negative',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', extraMinutes: -1 },
    'admin',
    '延长时间不能小于0',
  ],
  [
    'override: minutes above 1440',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', extraMinutes: 1441 },
    'admin',
    '延长时间不能超过1440分钟',
  ],
  [
    'override: minutes fractional',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', extraMinutes: 2.5 },
    'admin',
    '延长时间必须是整数',
  ],
  [
    'override: tries above 100',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', extraTries: 101 },
    'admin',
    '增加次数不能超过100次',
  ],
  [
    'override: password too long',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', password: long(51) },
    'admin',
    '考试密码不能超过50个字符',
  ],
  [
    'override: note too long',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', extraTries: 1, note: long(201) },
    'admin',
    '备注不能超过200个字符',
  ],
  [
    'override: start without end',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', startTime: later(1) },
    'admin',
    '时间窗口的开始和结束时间须同时填写',
  ],
  [
    'override: end before start',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', startTime: later(2), endTime: later(1) },
    'admin',
    '结束时间必须晚于开始时间',
  ],
  [
    'override: start not a time',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u', startTime: '明天', endTime: later(1) },
    'admin',
    '开始时间格式不正确',
  ],
  [
    'override: nothing arranged',
    examExamOverrideSave.path,
    { examId: 'e', targetType: 1, userId: 'u' },
    'admin',
    '请至少设置一项安排',
  ],
  ['override-delete: no ids', examExamOverrideDelete.path, { ids: [] }, 'admin', 'ID 列表'],
  [
    'resit-preview: neither kind',
    examExamResitPreview.path,
    { examId: 'e', failed: false, missed: false },
    'admin',
    '请至少选择未通过或缺考之一',
  ],
  [
    'resit: nobody chosen',
    examExamResit.path,
    { examId: 'e', userIds: [], startTime: later(1), endTime: later(2) },
    'admin',
    '请选择补考的考生',
  ],
  [
    'resit: end before start',
    examExamResit.path,
    { examId: 'e', userIds: ['u'], startTime: later(2), endTime: later(1) },
    'admin',
    '补考结束时间必须晚于开始时间',
  ],
  [
    'resit: start missing',
    examExamResit.path,
    { examId: 'e', userIds: ['u'], endTime: later(1) },
    'admin',
    '补考开始时间',
  ],
  // 重新评分
  ['regrade list: examId missing', examRegradeQuestionList.path, {}, 'admin', '考试ID'],
  ['regrade: reason missing', examRegradeStart.path, { examId: 'e', quId: 'q', score: 5 }, 'admin', '更正原因'],
  [
    'regrade: score negative',
    examRegradeStart.path,
    { examId: 'e', quId: 'q', score: -1, reason: 'r' },
    'admin',
    '分值不能小于0',
  ],
  [
    'regrade: score above 1000',
    examRegradeStart.path,
    { examId: 'e', quId: 'q', score: 1001, reason: 'r' },
    'admin',
    '分值',
  ],
  [
    'regrade: options not a list',
    examRegradeStart.path,
    { examId: 'e', quId: 'q', rightContents: '选项A', reason: 'r' },
    'admin',
    '正确选项',
  ],
  ['regrade detail: id missing', examRegradeDetail.path, {}, 'admin', 'ID'],
  ['regrade jobs: examId empty', examRegradeJobList.path, { examId: '' }, 'admin', '考试ID'],
  [
    'regrade report: jobId missing',
    examRegradeReportPaging.path,
    { current: 1, size: 10, params: {} },
    'admin',
    '任务ID',
  ],
  // 按题阅卷
  ['mark-qu list: examId missing', paperMarkQuQuestionList.path, {}, 'admin', '考试ID'],
  ['mark-qu board: quId missing', paperMarkQuList.path, { examId: 'e' }, 'admin', '题目ID'],
  [
    'mark-qu: score negative',
    paperMarkQuSave.path,
    { examId: 'e', quId: 'q', paperId: 'p', score: -1 },
    'admin',
    '得分不能小于0',
  ],
  [
    'mark-qu: score text',
    paperMarkQuSave.path,
    { examId: 'e', quId: 'q', paperId: 'p', score: '满分' },
    'admin',
    '得分必须是数字',
  ],
  ['mark-qu: paperId missing', paperMarkQuSave.path, { examId: 'e', quId: 'q', score: 1 }, 'admin', '答卷ID'],
  [
    'mark-qu: comment too long',
    paperMarkQuSave.path,
    { examId: 'e', quId: 'q', paperId: 'p', score: 1, comment: long(2001) },
    'admin',
    '评语',
  ],
  ['arbitrate: score missing', paperMarkQuArbitrate.path, { examId: 'e', quId: 'q', paperId: 'p' }, 'admin', '得分'],
  [
    'setting: gap negative',
    paperMarkQuSettingSave.path,
    { examId: 'e', doubleMark: true, gap: -1 },
    'admin',
    '分差阈值不能小于0',
  ],
  [
    'setting: gap above 1000',
    paperMarkQuSettingSave.path,
    { examId: 'e', doubleMark: true, gap: 1001 },
    'admin',
    '分差阈值',
  ],
  ['setting: doubleMark text', paperMarkQuSettingSave.path, { examId: 'e', doubleMark: '是', gap: 1 }, 'admin', '双评'],
  // 打印 and 成绩报表
  ['print: neither exam nor paper', examPrintPaperPreview.path, {}, 'admin', '考试ID或试卷ID必须填写一个'],
  ['print: withKey text', examPrintPaperPreview.path, { examId: 'e', withKey: '是' }, 'admin', '是否附答案'],
  ['print answered: paperId missing', examPrintAnsweredPreview.path, {}, 'admin', '答卷ID'],
  ['print answered: paperId too long', examPrintAnsweredPreview.path, { paperId: long(65) }, 'admin', '答卷ID'],
  ['learners: keyword too long', examReportLearnerList.path, { keyword: long(51) }, 'admin', '用户名或姓名'],
  ['transcript: userId missing', examReportTranscriptDetail.path, {}, 'admin', '学员ID'],
  ['transcript export: userId missing', examReportTranscriptExport.path, {}, 'admin', '学员ID'],
  ['dept: from not a time', examReportDeptStat.path, { from: '上周' }, 'admin', '开始时间（起）'],
  ['dept export: to not a time', examReportDeptExport.path, { to: '下周' }, 'admin', '开始时间（止）'],
  ['trend: title too long', examReportTrendStat.path, { title: long(101) }, 'admin', '考试名称'],
  ['trend export: from not a time', examReportTrendExport.path, { from: 'x' }, 'admin', '开始时间（起）'],
  // 第三方登录
  [
    'authorize: unknown provider',
    sysOauthAuthorize.path,
    { provider: 'qq', redirectUri: SYNC, browserKey: KEY },
    null,
    '不支持的登录方式',
  ],
  [
    'authorize: foreign redirect',
    sysOauthAuthorize.path,
    { provider: 'oidc', redirectUri: 'https://evil.example.com/steal', browserKey: KEY },
    null,
    '回调地址必须是本站的 /sync 页面',
  ],
  [
    'authorize: short browser key',
    sysOauthAuthorize.path,
    { provider: 'oidc', redirectUri: SYNC, browserKey: 'abc' },
    null,
    '浏览器标识格式不正确',
  ],
  [
    'bind-start: provider missing',
    sysOauthBindStart.path,
    { redirectUri: SYNC, browserKey: KEY },
    'student',
    '登录方式',
  ],
  ['callback: code missing', sysOauthCallback.path, { state: 's', browserKey: KEY }, null, '授权码'],
  ['callback: state empty', sysOauthCallback.path, { state: '', code: 'c', browserKey: KEY }, null, '缺少 state'],
  [
    'bind-login: ticket short',
    sysOauthBindLogin.path,
    { ticket: 'abc', userName: 'a', password: 'b' },
    null,
    '待绑定凭据',
  ],
  [
    'bind-login: password empty',
    sysOauthBindLogin.path,
    { ticket: KEY, userName: 'a', password: '' },
    null,
    '请输入密码',
  ],
  ['register: ticket missing', sysOauthRegister.path, {}, null, '待绑定凭据'],
  ['unbind: unknown provider', sysOauthUnbind.path, { provider: 'qq' }, 'student', '不支持的登录方式'],
  // 手机号登录
  ['send-code: bad mobile', sysUserSmsSendCode.path, { mobile: '12345', purpose: 'login' }, null, '手机号码格式不正确'],
  [
    'send-code: unknown purpose',
    sysUserSmsSendCode.path,
    { mobile: '13800138000', purpose: 'reset' },
    null,
    '验证码用途不正确',
  ],
  ['mobile-login: mobile missing', sysUserMobileLogin.path, { code: '123456' }, null, '手机号'],
  [
    'mobile-login: code of 5 digits',
    sysUserMobileLogin.path,
    { mobile: '13800138000', code: '12345' },
    null,
    '验证码为6位数字',
  ],
  // 刷脸登录
  ['face-login: user name empty', sysUserFaceLoginChallenge.path, { userName: '' }, null, '请输入用户名'],
  [
    'face-login: four frames',
    sysUserFaceLogin.path,
    { challengeId: 'c', step: 0, frames: frames(4) },
    null,
    '至少需要5帧画面',
  ],
  [
    'face-login: nine frames',
    sysUserFaceLogin.path,
    { challengeId: 'c', step: 0, frames: frames(9) },
    null,
    '最多8帧画面',
  ],
  [
    'face-login: not a JPEG',
    sysUserFaceLogin.path,
    { challengeId: 'c', step: 0, frames: frames(5, '<svg onload=x>') },
    null,
    '画面须为JPEG图片',
  ],
  ['face enrol: password empty', sysUserFaceEnrolChallenge.path, { password: '' }, 'student', '请输入登录密码'],
  ['face enrol: frames missing', sysUserFaceEnrol.path, { challengeId: 'c', step: 0 }, 'student', '摄像头画面'],
  // 远程监考入场
  [
    'proctor consent: not agreed',
    examProctorConsent.path,
    { examId: 'e', version: 'v1', agree: false },
    'student',
    '请阅读并同意监考告知',
  ],
  [
    'proctor step: step out of range',
    examProctorChallengeStep.path,
    { challengeId: 'c', step: 9, frames: frames(5) },
    'student',
    '第几个动作',
  ],
];

describe('bad input on the calls of the last wave', () => {
  it('answers 10010001 with the field named in Chinese for every rule, and writes nothing', async () => {
    const before = await counts();
    const tokens = { admin, student };
    const wrong: string[] = [];
    for (const [rule, path, body, who, fragment] of ROWS) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        payload: body as object,
        headers: who ? { token: tokens[who] } : {},
      });
      const json = res.json() as { code: number; msg: string };
      if (res.statusCode !== 200 || json.code !== ErrorCode.BAD_PARAMS || !json.msg.includes(fragment))
        wrong.push(`${rule} (${path}): HTTP ${res.statusCode} ${json.code} ${json.msg}`);
    }
    expect(wrong).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a score above the full mark and an OAuth address that is not a web address, writing nothing', async () => {
    const before = await counts();
    const over = await t.request(
      paperMarkQuSave,
      { examId: real.exam, quId: real.short, paperId: real.paper, score: 11 },
      admin,
    );
    expect([over.code, over.msg]).toEqual([ErrorCode.BAD_PARAMS, '得分不能超过满分10分']);

    const config = (await t.request(sysConfigAdminDetail, {}, admin)).data;
    const { storageDir, ...rest } = config;
    for (const [field, value, fragment] of [
      ['discoveryUrl', 'sso.example.com', '发现地址（Issuer）必须是以 http:// 或 https:// 开头的网址'],
      ['discoveryUrl', 'javascript:alert(1)', '发现地址（Issuer）必须是'],
      ['name', long(33), '登录按钮名称不能超过32个字符'],
    ] as const) {
      const res = await t.request(
        sysConfigSave,
        { ...rest, storageDir, oauth: { ...config.oauth, oidc: { ...config.oauth.oidc, [field]: value } } } as never,
        admin,
      );
      expect(res.code, field).toBe(ErrorCode.BAD_PARAMS);
      expect(res.msg).toContain(fragment);
    }
    const wechat = await t.request(
      sysConfigSave,
      {
        ...rest,
        storageDir,
        oauth: { ...config.oauth, wechat: { ...config.oauth.wechat, apiBaseUrl: 'ftp://x' } },
      } as never,
      admin,
    );
    expect([wechat.code, wechat.msg]).toEqual([
      ErrorCode.BAD_PARAMS,
      '微信接口地址必须是以 http:// 或 https:// 开头的网址',
    ]);
    expect(await counts()).toEqual(before);
    // An empty address is the provider's default, and a web address is kept.
    const ok = await t.request(
      sysConfigSave,
      {
        ...rest,
        storageDir,
        oauth: { ...config.oauth, oidc: { ...config.oauth.oidc, discoveryUrl: 'https://sso.example.com/realms/exam' } },
      } as never,
      admin,
    );
    expect(ok.code, ok.msg).toBe(0);
    expect((await t.request(sysConfigAdminDetail, {}, admin)).data.oauth.oidc?.discoveryUrl).toBe(
      'https://sso.example.com/realms/exam',
    );
  });
});
