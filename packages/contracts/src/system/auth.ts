/** Sign-in, registration and the current user (SPEC 3 "Current user", SPEC 7). */
import { z } from 'zod';
import { zMobile, zPassword } from '../validators.js';

export const ZLoginSchema = z.object({
  userName: z.string().trim().min(1, '请输入用户名').max(64).describe('用户名'),
  password: z.string().min(1, '请输入密码').max(64).describe('密码'),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

export const ZRegisterSchema = z.object({
  userName: z
    .string()
    .trim()
    .min(2, '用户名至少2个字符')
    .max(32, '用户名不能超过32个字符')
    .regex(/^[a-zA-Z0-9_.@-]+$/, '用户名只能包含字母、数字和_.@-')
    .describe('用户名'),
  realName: z.string().trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字符').describe('姓名'),
  password: zPassword.describe('密码'),
  mobile: zMobile.describe('手机号'),
  deptId: z.string().nullish().describe('部门ID'),
});
export type TRegister = z.infer<typeof ZRegisterSchema>;

/** What /api/sys/user/info answers (SPEC 7) plus unreadMsg (SPEC 3). */
export const ZUserInfoSchema = z.object({
  id: z.string(),
  userName: z.string(),
  realName: z.string(),
  avatar: z.string().nullable(),
  roleType: z.number().describe('1 学员 2 管理员'),
  roles: z.array(z.string()).describe('角色编码'),
  roleNames: z.array(z.string()).describe('角色名称（与 roles 同序），页面显示用'),
  permissions: z.array(z.string()).describe('权限标识'),
  mobile: z.string().nullable(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  unreadMsg: z.number(),
  /** What is switched on for learners: the web shows no entry that would lead to "not configured". */
  features: z
    .object({
      live: z.boolean().describe('直播课堂（已配置直播服务器）'),
      assistant: z.boolean().describe('学习助教（已启用）'),
    })
    .describe('已开通的功能'),
});
export type TUserInfo = z.infer<typeof ZUserInfoSchema>;

export const ZLoginResultSchema = z.object({
  token: z.string().describe('访问令牌，放入请求头 token'),
  user: ZUserInfoSchema,
});
export type TLoginResult = z.infer<typeof ZLoginResultSchema>;

/** Registration: a token when the account is active at once, else null with a message. */
export const ZRegisterResultSchema = z.object({
  token: z.string().nullable(),
  pending: z.boolean().describe('是否需要管理员审核'),
});
export type TRegisterResult = z.infer<typeof ZRegisterResultSchema>;

export const ZUpdatePasswordSchema = z.object({
  oldPassword: z.string().min(1, '请输入原密码').describe('原密码'),
  password: zPassword.describe('新密码'),
});
export type TUpdatePassword = z.infer<typeof ZUpdatePasswordSchema>;
