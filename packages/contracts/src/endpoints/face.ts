/** Endpoints of face login: enrolment in the user centre and sign-in on the login page. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZLoginResultSchema } from '../system/auth.js';

/** Frames of one attempt: a short camera sequence (5-8 JPEG frames over about 2 s). */
export const FACE_MIN_FRAMES = 5;
export const FACE_MAX_FRAMES = 8;
/** Longest frame accepted, base64 characters (a 640 × 480 JPEG is ~40-80 KB). */
export const FACE_FRAME_MAX_CHARS = 400_000;

const zFrames = z
  .array(
    z
      .string()
      .max(FACE_FRAME_MAX_CHARS, '画面过大，请降低摄像头分辨率')
      .regex(/^(data:image\/jpeg;base64,)?[A-Za-z0-9+/=]+$/, '画面须为JPEG图片'),
  )
  .min(FACE_MIN_FRAMES, `至少需要${FACE_MIN_FRAMES}帧画面`)
  .max(FACE_MAX_FRAMES, `最多${FACE_MAX_FRAMES}帧画面`)
  .describe('摄像头画面（JPEG，base64）');

export const ZFaceLoginSchema = z.object({
  userName: z.string().trim().min(1, '请输入用户名').max(64).describe('用户名'),
  frames: zFrames,
});
export type TFaceLogin = z.infer<typeof ZFaceLoginSchema>;

export const ZFaceEnrolSchema = z.object({
  password: z.string().min(1, '请输入登录密码').max(64).describe('登录密码（确认本人）'),
  frames: zFrames,
});
export type TFaceEnrol = z.infer<typeof ZFaceEnrolSchema>;

export const ZFaceStatusSchema = z.object({
  enabled: z.boolean().describe('管理员是否开启了人脸登录'),
  enrolled: z.boolean().describe('是否已录入人脸'),
  updatedAt: z.string().nullable().describe('录入时间'),
});
export type TFaceStatus = z.infer<typeof ZFaceStatusSchema>;

/** SPEC 7: sign-in by face (user name + a live camera sequence). */
export const sysUserFaceLogin = endpoint({
  path: '/api/sys/user/face-login',
  body: ZFaceLoginSchema,
  data: ZLoginResultSchema,
  access: 'public',
  operation: false,
});

/** Whether face login is on and whether the signed-in user has enrolled a face. */
export const sysUserFaceStatus = endpoint({
  path: '/api/sys/user/face/status',
  data: ZFaceStatusSchema,
  access: 'user',
  operation: false,
});

/** Enrols (or replaces) the signed-in user's face after their password; keeps a descriptor only. */
export const sysUserFaceEnrol = endpoint({
  path: '/api/sys/user/face/enrol',
  body: ZFaceEnrolSchema,
  data: ZFaceStatusSchema,
  access: 'user',
  operation: false,
});

/** Deletes the signed-in user's face descriptor. */
export const sysUserFaceRemove = endpoint({
  path: '/api/sys/user/face/remove',
  data: ZFaceStatusSchema,
  access: 'user',
  operation: false,
});
