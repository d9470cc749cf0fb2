/** Site config (SPEC 3 "Site config"), its administrator view with SMS settings, and the title/value list. */
import { z } from 'zod';
import { zDirectory, zUrlWithSlash } from '../validators.js';
import { ZOauthConfigSchema } from './oauth.js';

/** What a secret is answered as; sending it back unchanged keeps the stored secret. */
export const SECRET_MASK = '******';

/** Public site data of /api/sys/config/detail: never any secret. */
export const ZSiteConfigSchema = z.object({
  siteName: z.string().trim().min(1, '请输入站点名称').max(64, '站点名称不能超过64个字符').describe('站点名称'),
  frontLogo: z.string().max(500).nullish().describe('前台Logo'),
  backLogo: z.string().max(500).nullish().describe('后台Logo'),
  copyRight: z.string().max(200).nullish().describe('版权信息'),
  tagsView: z.boolean().describe('显示标签栏'),
  fixedHeader: z.boolean().describe('固定头部'),
  sidebarLogo: z.boolean().describe('侧边栏Logo'),
  faceLogin: z.boolean().describe('人脸登录'),
  mobileLogin: z.boolean().describe('手机号登录'),
  wechatLogin: z.boolean().describe('微信登录'),
  dingtalkLogin: z.boolean().describe('钉钉登录'),
  oidcLogin: z.boolean().optional().describe('企业统一认证（OIDC）登录'),
  oidcName: z.string().max(32).nullish().describe('OIDC登录按钮名称'),
  regOpen: z.boolean().describe('开放注册'),
  regReview: z.boolean().describe('注册需审核'),
});
export type TSiteConfig = z.infer<typeof ZSiteConfigSchema>;

/** The public answer: the site config plus the server's time zone (TIME_ZONE), in which the web shows dates. */
export const ZPublicSiteConfigSchema = ZSiteConfigSchema.extend({
  timeZone: z.string().describe('站点时区'),
});
export type TPublicSiteConfig = z.infer<typeof ZPublicSiteConfigSchema>;

export const ZSmsConfigSchema = z.object({
  provider: z.enum(['log', 'aliyun', 'http'], { error: '短信服务商只能是log、aliyun或http' }).describe('短信服务商'),
  accessKeyId: z.string().max(200).nullish().describe('AccessKey ID'),
  accessKeySecret: z.string().max(200).nullish().describe('AccessKey Secret'),
  signName: z.string().max(64).nullish().describe('短信签名'),
  templateCode: z.string().max(64).nullish().describe('模板编码'),
  endpoint: z.string().max(200).nullish().describe('服务地址'),
  /** provider 'http': POST to this URL with the body template ({mobile} and {code} replaced). */
  httpUrl: z
    .string()
    .max(500)
    .regex(/^https?:\/\//, '短信网关地址必须以http://或https://开头')
    .nullish()
    .describe('短信网关地址'),
  httpTemplate: z.string().max(2000).nullish().describe('短信请求模板'),
});
export type TSmsConfig = z.infer<typeof ZSmsConfigSchema>;

/** The full config for administrators; the SMS secret is answered masked. */
export const ZAdminConfigSchema = ZSiteConfigSchema.extend({
  sms: ZSmsConfigSchema.describe('短信设置'),
  oauth: ZOauthConfigSchema.describe('第三方登录设置'),
  storageDir: z.string().nullable().describe('存储目录'),
});
export type TAdminConfig = z.infer<typeof ZAdminConfigSchema>;

export const ZConfigSaveSchema = ZSiteConfigSchema.extend({
  sms: ZSmsConfigSchema.optional().describe('短信设置'),
  oauth: ZOauthConfigSchema.optional().describe('第三方登录设置'),
  storageDir: zDirectory.nullish().describe('存储目录'),
});
export type TConfigSave = z.infer<typeof ZConfigSaveSchema>;

export const ZConfigDetailSchema = z.object({ id: z.string().optional().describe('配置ID') });

export const ZConfigItemSchema = z.object({
  id: z.string().describe('配置项ID'),
  title: z.string().describe('配置项'),
  value: z.string().describe('配置值'),
  remark: z.string().nullable().describe('备注'),
});
export type TConfigItem = z.infer<typeof ZConfigItemSchema>;

/** Title of the config item holding the second service's base address (SPEC 3). */
export const PATH_URL_ITEM = 'pathUrl';
/** The wrong-answer book's rules: right answers in a row that take a question out (default 2). */
export const BOOK_LEAVE_STREAK_ITEM = 'bookLeaveStreak';
/** Partial credit below this percent of the full score counts as wrong (default 60). */
export const BOOK_WRONG_SHARE_ITEM = 'bookWrongShare';
/** Items whose value is a whole number in a range, with what the message calls them. */
const NUMBER_ITEMS: Record<string, { label: string; max: number }> = {
  [BOOK_LEAVE_STREAK_ITEM]: { label: '连续答对次数', max: 100 },
  [BOOK_WRONG_SHARE_ITEM]: { label: '答错比例（%）', max: 100 },
};

export const ZConfigItemSaveSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, '请输入配置项')
      .max(64, '配置项不能超过64个字符')
      .regex(/^[a-zA-Z][a-zA-Z0-9_.-]*$/, '配置项只能包含字母、数字和_.-，且以字母开头')
      .describe('配置项'),
    value: z.string().max(2000, '配置值不能超过2000个字符').describe('配置值'),
    remark: z.string().max(200).nullish().describe('备注'),
  })
  .superRefine((v, ctx) => {
    const num = NUMBER_ITEMS[v.title];
    if (num && !(/^\d+$/.test(v.value.trim()) && Number(v.value) >= 1 && Number(v.value) <= num.max))
      ctx.addIssue({ code: 'custom', path: ['value'], message: `${num.label}须为 1 到 ${num.max} 的整数` });
    // An empty pathUrl switches the frame off again (the built-in assistant is used).
    if (v.title !== PATH_URL_ITEM || v.value === '') return;
    const result = zUrlWithSlash.safeParse(v.value);
    if (!result.success) ctx.addIssue({ code: 'custom', path: ['value'], message: result.error.issues[0].message });
  });
export type TConfigItemSave = z.infer<typeof ZConfigItemSaveSchema>;
