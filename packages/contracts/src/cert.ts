/** Certificates (证书): templates, issuing rules, issued certificates and public verification: /api/cert/*. */
import { z } from 'zod';

/** What a field on a template shows. */
export const CERT_FIELD_KINDS = [
  'realName',
  'deptName',
  'achievement',
  'issueDate',
  'certNo',
  'validUntil',
  'qrcode',
  'text',
  'issuer',
  'seal',
] as const;
export const CERT_FIELD_LABELS: Record<(typeof CERT_FIELD_KINDS)[number], string> = {
  realName: '姓名',
  deptName: '部门',
  achievement: '获得成就',
  issueDate: '发证日期',
  certNo: '证书编号',
  validUntil: '有效期至',
  qrcode: '二维码',
  text: '固定文字',
  issuer: '发证机构',
  seal: '印章',
};

/** Built-in borders drawn as vectors on the page (no image needed); 'none' leaves the page plain. */
export const CERT_BORDERS = ['none', 'classic', 'gilded', 'ribbon'] as const;
export type TCertBorder = (typeof CERT_BORDERS)[number];
export const CERT_BORDER_LABELS: Record<TCertBorder, string> = {
  none: '无边框',
  classic: '典雅双线',
  gilded: '金色花角',
  ribbon: '蓝色饰带',
};

/** A field placed on the background; x, y and width are fractions of the page (0-1) so any scale works. */
export const ZCertFieldSchema = z.object({
  kind: z.enum(CERT_FIELD_KINDS).describe('字段类型'),
  x: z.number().min(0).max(1).describe('横向位置'),
  y: z.number().min(0).max(1).describe('纵向位置'),
  width: z.number().min(0.02).max(1).describe('宽度'),
  fontSize: z.number().min(6).max(120).describe('字号'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB')
    .describe('颜色'),
  align: z.enum(['left', 'center', 'right']).describe('对齐方式'),
  text: z.string().max(200).nullish().describe('固定文字内容'),
});
export type TCertField = z.infer<typeof ZCertFieldSchema>;

/** Automatic issuing: when a learner passes an exam or completes a course. */
export const ZCertRuleSchema = z.object({
  kind: z.enum(['exam', 'course']).describe('发证条件类型'),
  refId: z.string().trim().min(1).max(64).describe('考试或课程'),
});
export type TCertRule = z.infer<typeof ZCertRuleSchema>;

export const ZCertTmplSaveSchema = z.object({
  id: z.string().nullish().describe('ID'),
  title: z.string().trim().min(1).max(100).describe('模板名称'),
  orientation: z.enum(['landscape', 'portrait']).describe('纸张方向'),
  bgFileId: z.string().trim().max(64).nullish().describe('背景图片'),
  issuerName: z.string().trim().max(100).nullish().describe('发证机构'),
  sealFileId: z.string().trim().max(64).nullish().describe('印章图片'),
  border: z.enum(CERT_BORDERS).default('none').describe('边框样式'),
  prefix: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/, '编号前缀应为 2-10 位大写字母或数字，以字母开头')
    .describe('编号前缀'),
  validMonths: z.number().int().min(0).max(1200).describe('有效期（月，0 为长期有效）'),
  fields: z.array(ZCertFieldSchema).max(30).describe('字段'),
  rules: z.array(ZCertRuleSchema).max(50).describe('自动发证规则'),
});
export type TCertTmplSave = z.infer<typeof ZCertTmplSaveSchema>;

export const ZCertTmplSchema = ZCertTmplSaveSchema.extend({
  id: z.string().describe('ID'),
  bgFileId: z.string().nullable().describe('背景图片'),
  issuerName: z.string().nullable().describe('发证机构'),
  sealFileId: z.string().nullable().describe('印章图片'),
  rules: z.array(ZCertRuleSchema.extend({ refTitle: z.string().nullable().describe('名称') })).describe('规则'),
  issuedCount: z.number().describe('已发证书数'),
  updatedAt: z.string().describe('更新时间'),
});
export type TCertTmpl = z.infer<typeof ZCertTmplSchema>;

export const ZCertTmplPagingParamsSchema = z.object({
  title: z.string().trim().max(100).nullish().describe('模板名称'),
});

/** Preview with sample data: a saved template by id, or the unsaved form. */
export const ZCertTmplPreviewSchema = z.object({
  id: z.string().nullish().describe('ID'),
  tmpl: ZCertTmplSaveSchema.nullish().describe('模板'),
});

export const CERT_STATUS_LABELS = { valid: '有效', expired: '已过期', revoked: '已撤销' } as const;
export type TCertStatus = keyof typeof CERT_STATUS_LABELS;

export const ZCertSchema = z.object({
  id: z.string().describe('ID'),
  certNo: z.string().describe('证书编号'),
  tmplId: z.string().describe('模板'),
  tmplTitle: z.string().nullable().describe('模板名称'),
  userId: z.string().describe('用户ID'),
  userName: z.string().nullable().describe('用户名'),
  holderName: z.string().describe('姓名'),
  deptName: z.string().nullable().describe('部门'),
  sourceKind: z.enum(['exam', 'course', 'manual']).describe('来源'),
  refId: z.string().nullable().describe('考试或课程ID'),
  achievement: z.string().describe('获得成就'),
  issuedAt: z.string().describe('发证时间'),
  validUntil: z.string().nullable().describe('有效期至'),
  status: z.enum(['valid', 'expired', 'revoked']).describe('状态'),
  revokedAt: z.string().nullable().describe('撤销时间'),
  revokeReason: z.string().nullable().describe('撤销原因'),
});
export type TCert = z.infer<typeof ZCertSchema>;

export const ZCertPagingParamsSchema = z.object({
  keyword: z.string().trim().max(100).nullish().describe('姓名或证书编号'),
  tmplId: z.string().nullish().describe('模板'),
  examId: z.string().nullish().describe('考试'),
  courseId: z.string().nullish().describe('课程'),
  deptId: z.string().nullish().describe('部门'),
  status: z.enum(['valid', 'expired', 'revoked']).nullish().describe('状态'),
});
export type TCertPagingParams = z.infer<typeof ZCertPagingParamsSchema>;

/** Issuing by hand to chosen learners. */
export const ZCertIssueSchema = z.object({
  tmplId: z.string().min(1).describe('模板'),
  userIds: z.array(z.string().min(1)).min(1).max(1000).describe('学员'),
  achievement: z.string().trim().min(1).max(200).describe('获得成就'),
});
export type TCertIssue = z.infer<typeof ZCertIssueSchema>;
export const ZCertIssueResultSchema = z.object({
  issued: z.number().describe('新发证书数'),
  skipped: z.number().describe('已有证书而跳过的人数'),
});

export const ZCertRevokeSchema = z.object({
  id: z.string().min(1).describe('ID'),
  reason: z.string().trim().min(1).max(200).describe('撤销原因'),
});

/**
 * By the verification code (the QR code's, random), or by the certificate number only together
 * with the holder's full name: numbers are sequential, so a number alone answers not found.
 */
export const ZCertVerifySchema = z.object({
  keyword: z.string().trim().min(1).max(64).describe('证书编号或验证码'),
  holderName: z.string().trim().max(64).nullish().describe('持证人姓名'),
});

/**
 * The shape of a printed certificate number (PREFIX-YEAR-SEQUENCE): the verify page and the
 * server ask for the holder's name when this is all they were given.
 */
export const CERT_NO_PATTERN = /^[A-Za-z][A-Za-z0-9]{1,9}-\d{4}-\d{6,}$/;

/** The public answer: no ids, the holder's name partly masked. */
export const ZCertVerifyResultSchema = z.object({
  certNo: z.string().describe('证书编号'),
  holderName: z.string().describe('持有人'),
  tmplTitle: z.string().nullable().describe('证书名称'),
  issuerName: z.string().nullable().describe('发证机构'),
  achievement: z.string().describe('获得成就'),
  issuedAt: z.string().describe('发证时间'),
  validUntil: z.string().nullable().describe('有效期至'),
  status: z.enum(['valid', 'expired', 'revoked']).describe('状态'),
  revokeReason: z.string().nullable().describe('撤销原因'),
});
export type TCertVerifyResult = z.infer<typeof ZCertVerifyResultSchema>;
