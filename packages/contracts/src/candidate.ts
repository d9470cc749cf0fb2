/**
 * Candidates (考生): people without an account who sit an exam opened to them by a link. The
 * organiser's link settings, what the candidate sees and sends, and the shared rules both sides
 * apply: field validation (ID number checksum, custom patterns) and masking in lists.
 */
import { z } from 'zod';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from './validators.js';

/** 0 not asked, 1 optional, 2 required. */
export const ZFieldUse = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const CUSTOM_FIELD_KEY = /^[a-z][a-z0-9_]{0,29}$/;

export const ZCustomField = z.object({
  key: z.string().regex(CUSTOM_FIELD_KEY, '自定义字段标识只能是小写字母开头的字母、数字或下划线'),
  label: z.string().trim().min(1, '自定义字段名称不能为空').max(20, '自定义字段名称不能超过20字'),
  required: z.boolean(),
  /** A regular expression the value must match (validated when saved); null = any text. */
  pattern: z.string().max(200).nullable().default(null),
  /** What a wrong value is told (e.g. 请输入6位工号). */
  hint: z.string().max(50).nullable().default(null),
  /** A choice among these; empty = free text. */
  options: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
});
export type TCustomField = z.infer<typeof ZCustomField>;

export const ZCandidateFields = z
  .object({
    name: ZFieldUse,
    mobile: ZFieldUse,
    idNumber: ZFieldUse,
    company: ZFieldUse,
    custom: z.array(ZCustomField).max(10, '自定义字段最多10个'),
  })
  .superRefine((f, ctx) => {
    const keys = new Set<string>();
    for (const c of f.custom) {
      if (keys.has(c.key)) ctx.addIssue({ code: 'custom', message: `自定义字段标识重复：${c.key}` });
      keys.add(c.key);
      if (c.pattern && !isValidPattern(c.pattern))
        ctx.addIssue({ code: 'custom', message: `自定义字段「${c.label}」的校验规则不是有效的正则表达式` });
    }
    if (f.name === 0 && f.mobile === 0 && f.idNumber === 0)
      ctx.addIssue({ code: 'custom', message: '姓名、手机号、身份证号至少需要收集一项' });
  });
export type TCandidateFields = z.infer<typeof ZCandidateFields>;

export const DEFAULT_CANDIDATE_FIELDS: TCandidateFields = { name: 2, mobile: 2, idNumber: 0, company: 0, custom: [] };

export const ZCandidateLimits = z.object({
  onePer: z.enum(['mobile', 'idNumber']).nullable(),
  cap: z.number().int().min(0).max(1_000_000),
  invited: z.array(z.string().regex(MOBILE_PATTERN, MOBILE_MESSAGE)).max(20_000, '邀请名单最多20000个手机号'),
});
export type TCandidateLimits = z.infer<typeof ZCandidateLimits>;

/** The organiser's view of an exam's link (the access code is never shown back). */
export const ZOpenLinkSchema = z.object({
  examId: z.string(),
  token: z.string(),
  enabled: z.boolean(),
  fields: ZCandidateFields,
  smsVerify: z.boolean(),
  limits: ZCandidateLimits,
  hasAccessCode: z.boolean(),
  retentionDays: z.number().int(),
  consentText: z.string().nullable(),
  /** Candidates registered so far. */
  registered: z.number().int(),
});
export type TOpenLink = z.infer<typeof ZOpenLinkSchema>;

export const ZOpenLinkSaveSchema = z
  .object({
    examId: z.string().min(1),
    enabled: z.boolean(),
    fields: ZCandidateFields,
    smsVerify: z.boolean(),
    limits: ZCandidateLimits,
    /** A new access code; '' removes it; absent/null keeps the one set. */
    accessCode: z.string().max(32, '访问码不能超过32位').nullish(),
    retentionDays: z.number().int().min(0).max(3650).default(0),
    consentText: z.string().max(2000).nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.smsVerify && s.fields.mobile !== 2)
      ctx.addIssue({ code: 'custom', message: '开启短信验证时手机号必须为必填项' });
    if (s.limits.onePer === 'mobile' && s.fields.mobile !== 2)
      ctx.addIssue({ code: 'custom', message: '每个手机号限考一次时手机号必须为必填项' });
    if (s.limits.onePer === 'idNumber' && s.fields.idNumber !== 2)
      ctx.addIssue({ code: 'custom', message: '每个身份证号限考一次时身份证号必须为必填项' });
    if (s.limits.invited.length > 0 && s.fields.mobile !== 2)
      ctx.addIssue({ code: 'custom', message: '使用邀请名单时手机号必须为必填项' });
    if (s.accessCode && s.accessCode.trim().length < 4) ctx.addIssue({ code: 'custom', message: '访问码至少4位' });
  });
export type TOpenLinkSave = z.input<typeof ZOpenLinkSaveSchema>;

export const ZExamIdBody = z.object({ examId: z.string().min(1) });

/** Where the link's exam stands now. */
export const CandidateLinkState = {
  NOT_STARTED: 'not-started',
  OPEN: 'open',
  ENDED: 'ended',
  CLOSED: 'closed',
} as const;

/** What anyone holding the link sees (landing page): never a limit's content or another candidate. */
export const ZCandidateLandingSchema = z.object({
  examId: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  cover: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  /** Minutes; 0 = until the window closes. */
  duration: z.number().int(),
  totalScore: z.number().nullable(),
  passScore: z.number(),
  fullScreen: z.boolean(),
  leaveLimit: z.number().int(),
  state: z.enum(['not-started', 'open', 'ended', 'closed']),
  fields: ZCandidateFields,
  smsVerify: z.boolean(),
  needAccessCode: z.boolean(),
  invitedOnly: z.boolean(),
  consentText: z.string().nullable(),
  /** This address failed too often: the registration and the SMS code need a solved captcha. */
  captchaNeeded: z.boolean(),
});
export type TCandidateLanding = z.infer<typeof ZCandidateLandingSchema>;

export const ZCandidateTokenBody = z.object({ token: z.string().min(1).max(64) });

/** A solved altcha challenge (base64 JSON), when the address needs one. */
const zCaptcha = z.string().max(4000).nullish();

export const ZCandidateSmsSchema = z.object({
  token: z.string().min(1).max(64),
  mobile: z.string().regex(MOBILE_PATTERN, MOBILE_MESSAGE),
  captcha: zCaptcha,
});

export const ZCandidateRegisterSchema = z.object({
  token: z.string().min(1).max(64),
  name: z.string().trim().max(30, '姓名不能超过30字').nullish(),
  mobile: z.string().trim().max(20).nullish(),
  idNumber: z.string().trim().max(18).nullish(),
  company: z.string().trim().max(60, '单位不能超过60字').nullish(),
  custom: z.record(z.string(), z.string().max(200)).default({}),
  smsCode: z.string().max(6).nullish(),
  accessCode: z.string().max(32).nullish(),
  captcha: zCaptcha,
  consent: z.literal(true, { message: '请阅读并同意个人信息收集说明' }),
});
export type TCandidateRegister = z.input<typeof ZCandidateRegisterSchema>;

export const ZCandidateSessionSchema = z.object({
  /** The candidate session's token (the `token` header), confined to this exam. */
  token: z.string(),
  examId: z.string(),
  /** An existing candidate came back (its mobile verified by SMS): its attempt continues. */
  resumed: z.boolean(),
});

export const ZCaptchaChallengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

/** The candidate's own page after registering: its exam, its paper and what it may see. */
export const ZCandidateMeSchema = z.object({
  examId: z.string(),
  title: z.string(),
  name: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  duration: z.number().int(),
  fullScreen: z.boolean(),
  allowFocusMode: z.boolean(),
  /** The attempt, once started: its id and whether it is still open. */
  paperId: z.string().nullable(),
  paperOpen: z.boolean(),
  /** When the session ends (the exam's end, at most a day after registering). */
  sessionEnds: z.string(),
  /** A certificate issued to the candidate for this exam (its id for the PDF, its number, and the code of its public check page). */
  cert: z.object({ id: z.string(), certNo: z.string(), verifyCode: z.string() }).nullable(),
});
export type TCandidateMe = z.infer<typeof ZCandidateMeSchema>;

// ---------- shared rules ----------

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A mainland resident ID number (GB 11643): 18 characters, a real birth date and the check digit. */
export function isIdNumber(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === v[17];
}

/** Whether a custom field's pattern compiles (kept short and anchored by the check). */
export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** 138****0000 (lists; the full number only where the organiser may see it). */
export function maskMobile(mobile: string | null | undefined): string | null {
  if (!mobile) return mobile ?? null;
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/** 1101**********123X: the region's first 4 and the last 4. */
export function maskIdNumber(id: string | null | undefined): string | null {
  if (!id) return id ?? null;
  return id.length > 8 ? `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}` : '****';
}

/** 张*, 欧阳** : the family name's first character only. */
export function maskName(name: string | null | undefined): string | null {
  if (!name) return name ?? null;
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

export interface CandidateValues {
  name: string | null;
  mobile: string | null;
  idNumber: string | null;
  company: string | null;
  custom: Record<string, string>;
}

/**
 * Checks a candidate's values against the exam's fields: required ones present, mobile and ID
 * number well formed, custom values matching their pattern or options; fields not asked are
 * dropped. Answers the cleaned values, or the first problem as a Chinese message.
 */
export function checkCandidateValues(
  fields: TCandidateFields,
  input: {
    name?: string | null;
    mobile?: string | null;
    idNumber?: string | null;
    company?: string | null;
    custom?: Record<string, string>;
  },
): { ok: true; values: CandidateValues } | { ok: false; message: string } {
  const take = (use: 0 | 1 | 2, v: string | null | undefined) => (use === 0 ? null : v?.trim() || null);
  const values: CandidateValues = {
    name: take(fields.name, input.name),
    mobile: take(fields.mobile, input.mobile),
    idNumber: take(fields.idNumber, input.idNumber)?.toUpperCase() ?? null,
    company: take(fields.company, input.company),
    custom: {},
  };
  if (fields.name === 2 && !values.name) return { ok: false, message: '请填写姓名' };
  if (fields.mobile === 2 && !values.mobile) return { ok: false, message: '请填写手机号' };
  if (values.mobile && !MOBILE_PATTERN.test(values.mobile)) return { ok: false, message: MOBILE_MESSAGE };
  if (fields.idNumber === 2 && !values.idNumber) return { ok: false, message: '请填写身份证号' };
  if (values.idNumber && !isIdNumber(values.idNumber))
    return { ok: false, message: '身份证号不正确，请检查后重新填写' };
  if (fields.company === 2 && !values.company) return { ok: false, message: '请填写单位' };
  for (const c of fields.custom) {
    const v = input.custom?.[c.key]?.trim() ?? '';
    if (!v) {
      if (c.required) return { ok: false, message: `请填写${c.label}` };
      continue;
    }
    if (c.options.length > 0 && !c.options.includes(v)) return { ok: false, message: `请从选项中选择${c.label}` };
    if (c.pattern && !new RegExp(`^(?:${c.pattern})$`).test(v))
      return { ok: false, message: c.hint || `${c.label}格式不正确` };
    values.custom[c.key] = v;
  }
  return { ok: true, values };
}

/** The key that makes a second registration a duplicate under the exam's one-per limit. */
export function dedupeKeyOf(onePer: TCandidateLimits['onePer'], values: Pick<CandidateValues, 'mobile' | 'idNumber'>) {
  if (onePer === 'mobile' && values.mobile) return `m:${values.mobile}`;
  if (onePer === 'idNumber' && values.idNumber) return `i:${values.idNumber}`;
  return null;
}

/** The in-app browsers whose web view has no full-screen API: the room uses focus mode there. */
export const IN_APP_BROWSER = /MicroMessenger|DingTalk|AliApp\(DingTalk/i;
export const isInAppBrowser = (userAgent: string): boolean => IN_APP_BROWSER.test(userAgent);

/** The web route of a link. */
export const candidateLinkPath = (token: string) => `/candidate/${token}`;
/** The prefix of a candidate session's token (the token check resolves it through the candidate port). */
export const CANDIDATE_TOKEN_PREFIX = 'cand.';
