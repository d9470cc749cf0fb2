/** Third-party sign-in: WeChat, DingTalk and enterprise OpenID Connect, and account binding. */
import { z } from 'zod';
import { zMobile } from '../validators.js';
import { ZLoginResultSchema, ZUserInfoSchema } from './auth.js';

export const OAUTH_PROVIDERS = ['wechat', 'dingtalk', 'oidc'] as const;
export const ZOauthProviderSchema = z.enum(OAUTH_PROVIDERS, { error: '不支持的登录方式' }).describe('登录方式');
export type TOauthProvider = z.infer<typeof ZOauthProviderSchema>;

/** What the web calls each provider (the OIDC one may be renamed in site config: oidcName). */
export const OAUTH_PROVIDER_LABELS: Record<TOauthProvider, string> = {
  wechat: '微信',
  dingtalk: '钉钉',
  oidc: '企业统一认证',
};

const zBrowserKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,128}$/, '浏览器标识格式不正确')
  .describe('浏览器标识');

/** Starts a flow: the web's /sync address and a random key it keeps in sessionStorage. */
export const ZOauthStartSchema = z.object({
  provider: ZOauthProviderSchema,
  redirectUri: z
    .string()
    .max(500, '回调地址不能超过500个字符')
    .regex(/^https?:\/\/[^\s]+\/sync$/, '回调地址必须是本站的 /sync 页面')
    .describe('回调地址'),
  browserKey: zBrowserKey,
});
export type TOauthStart = z.infer<typeof ZOauthStartSchema>;

export const ZOauthStartResultSchema = z.object({ url: z.string().describe('跳转到第三方的授权地址') });

/** The /sync page hands over what the provider sent back. */
export const ZOauthCallbackSchema = z.object({
  state: z.string().min(1, '缺少 state').max(200).describe('state'),
  code: z.string().min(1, '缺少授权码').max(2000).describe('授权码'),
  /** RFC 9207: the issuer the provider names in its answer (OIDC providers that send it). */
  iss: z.string().max(500).optional().describe('iss'),
  browserKey: zBrowserKey,
});
export type TOauthCallback = z.infer<typeof ZOauthCallbackSchema>;

/**
 * signedIn: a bound identity, token and user given. bound: a 'bind' flow finished. unbound: the
 * identity has no account yet; the ticket lets the page bind it (password) or register a learner.
 */
export const ZOauthCallbackResultSchema = z.object({
  result: z.enum(['signedIn', 'bound', 'unbound']).describe('结果'),
  provider: ZOauthProviderSchema,
  token: z.string().nullable().describe('访问令牌'),
  user: ZUserInfoSchema.nullable().describe('当前用户'),
  ticket: z.string().nullable().describe('待绑定凭据'),
  displayName: z.string().nullable().describe('第三方昵称'),
  canRegister: z.boolean().describe('是否可注册新账号'),
});
export type TOauthCallbackResult = z.infer<typeof ZOauthCallbackResultSchema>;

const zTicket = z.string().min(16).max(200).describe('待绑定凭据');

/** Binds the pending identity to an existing account whose password is given, and signs in. */
export const ZOauthBindLoginSchema = z.object({
  ticket: zTicket,
  userName: z.string().trim().min(1, '请输入用户名').max(64).describe('用户名'),
  password: z.string().min(1, '请输入密码').max(64).describe('密码'),
});
export type TOauthBindLogin = z.infer<typeof ZOauthBindLoginSchema>;

export const ZOauthRegisterSchema = z.object({ ticket: zTicket });

export const ZOauthRegisterResultSchema = z.object({
  token: z.string().nullable(),
  user: ZUserInfoSchema.nullable(),
  pending: z.boolean().describe('是否需要管理员审核'),
});

export const ZOauthBindingSchema = z.object({
  provider: ZOauthProviderSchema,
  displayName: z.string().nullable().describe('第三方昵称'),
  createdAt: z.string().describe('绑定时间'),
});
export type TOauthBinding = z.infer<typeof ZOauthBindingSchema>;

export const ZOauthUnbindSchema = z.object({ provider: ZOauthProviderSchema });

/** Mobile number + SMS code sign-in. */
export const ZMobileLoginSchema = z.object({
  mobile: zMobile.describe('手机号'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '验证码为6位数字')
    .describe('验证码'),
});
export type TMobileLogin = z.infer<typeof ZMobileLoginSchema>;
export const ZMobileLoginResultSchema = ZLoginResultSchema;

/** Settings of the three providers in the administrator's site config; secrets answered masked. */
const zSetting = (label: string, max = 500) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().describe(label);
/** An address setting: empty (the provider's default) or a web address, checked before it is stored. */
const zAddress = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .regex(/^(https?:\/\/[^\s/]+\S*)?$/, `${label}必须是以 http:// 或 https:// 开头的网址`)
    .nullish()
    .describe(label);
export const ZOauthConfigSchema = z.object({
  wechat: z
    .object({
      appId: zSetting('微信 AppID', 64),
      appSecret: zSetting('微信 AppSecret', 200),
      authorizeUrl: zAddress('微信授权地址'),
      apiBaseUrl: zAddress('微信接口地址'),
    })
    .optional()
    .describe('微信登录设置'),
  dingtalk: z
    .object({
      clientId: zSetting('钉钉 Client ID', 64),
      clientSecret: zSetting('钉钉 Client Secret', 200),
      authorizeUrl: zAddress('钉钉授权地址'),
      apiBaseUrl: zAddress('钉钉接口地址'),
    })
    .optional()
    .describe('钉钉登录设置'),
  oidc: z
    .object({
      name: zSetting('登录按钮名称', 32),
      discoveryUrl: zAddress('发现地址（Issuer）'),
      clientId: zSetting('Client ID', 200),
      clientSecret: zSetting('Client Secret', 500),
      scopes: zSetting('授权范围', 200),
      userNameClaim: zSetting('姓名声明', 64),
    })
    .optional()
    .describe('OIDC 登录设置'),
});
export type TOauthConfig = z.infer<typeof ZOauthConfigSchema>;

/** Which settings are secrets (never answered, never public). */
export const OAUTH_SECRET_FIELDS: Record<TOauthProvider, string> = {
  wechat: 'appSecret',
  dingtalk: 'clientSecret',
  oidc: 'clientSecret',
};
