/** /api/sys/user/update-profile: any signed-in user edits their own name, mobile and avatar. */
import { sysUserUpdateProfile, zOptionalMobile } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../../platform/route.js';
import { updateProfile } from './profile.service.js';

export const ZProfileUpdateSchema = z.object({
  realName: z.string().trim().min(1, '请输入姓名').max(32, '姓名不能超过32个字符').describe('姓名'),
  mobile: zOptionalMobile.describe('手机号'),
  avatar: z.string().trim().max(500, '头像地址不能超过500个字符').nullish().describe('头像'),
});

export function registerProfileRoutes(app: FastifyInstance): void {
  route(app, sysUserUpdateProfile, { summary: '修改个人资料', tags: ['账号'] }, async ({ user, body, deps }) => {
    await updateProfile(deps.db, user.id, body, deps.clock());
    return null;
  });
}
