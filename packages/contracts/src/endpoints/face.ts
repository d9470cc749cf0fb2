/** Endpoints of face login: enrolment in the user centre and sign-in on the login page. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ZChallengeSchema, ZChallengeStepResultSchema, ZChallengeStepSchema } from '../exam/proctor.js';
import { ZLoginResultSchema } from '../system/auth.js';

/** Frames of one attempt: a short camera sequence (5-8 JPEG frames over about 2 s). */
export const FACE_MIN_FRAMES = 5;
export const FACE_MAX_FRAMES = 8;
/** Longest frame accepted, base64 characters (a 640 × 480 JPEG is ~40-80 KB). */
export const FACE_FRAME_MAX_CHARS = 400_000;

/** Face sign-in starts an active liveness challenge for a user name (any name gets one: no enumeration). */
export const ZFaceLoginChallengeSchema = z.object({
  userName: z.string().trim().min(1, '请输入用户名').max(64).describe('用户名'),
});
/** One step of the sign-in's challenge; the last passed step signs in. */
export const ZFaceLoginSchema = ZChallengeStepSchema;
export type TFaceLogin = z.infer<typeof ZFaceLoginSchema>;
export const ZFaceLoginStepResultSchema = ZChallengeStepResultSchema.extend({
  login: ZLoginResultSchema.nullable().describe('登录结果（全部动作通过且人脸相符时）'),
});
export type TFaceLoginStepResult = z.infer<typeof ZFaceLoginStepResultSchema>;

/** Enrolment: the password first (it starts a challenge), then the steps; the last passed step enrols. */
export const ZFaceEnrolChallengeSchema = z.object({
  password: z.string().min(1, '请输入登录密码').max(64).describe('登录密码（确认本人）'),
});
export const ZFaceEnrolSchema = ZChallengeStepSchema;
export type TFaceEnrol = z.infer<typeof ZFaceEnrolSchema>;
export const ZFaceEnrolStepResultSchema = ZChallengeStepResultSchema.extend({
  status: z
    .lazy(() => ZFaceStatusSchema)
    .nullable()
    .describe('录入状态（完成时）'),
});

export const ZFaceStatusSchema = z.object({
  enabled: z.boolean().describe('管理员是否开启了人脸登录'),
  enrolled: z.boolean().describe('是否已录入人脸'),
  updatedAt: z.string().nullable().describe('录入时间'),
});
export type TFaceStatus = z.infer<typeof ZFaceStatusSchema>;

/** Starts the active liveness challenge of a face sign-in. */
export const sysUserFaceLoginChallenge = endpoint({
  path: '/api/sys/user/face-login/challenge',
  body: ZFaceLoginChallengeSchema,
  data: ZChallengeSchema,
  access: 'public',
  operation: false,
});

/** SPEC 7: sign-in by face: one step of the challenge per call; the last one answers the login. */
export const sysUserFaceLogin = endpoint({
  path: '/api/sys/user/face-login',
  body: ZFaceLoginSchema,
  data: ZFaceLoginStepResultSchema,
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

/** Starts the enrolment's challenge after the password. */
export const sysUserFaceEnrolChallenge = endpoint({
  path: '/api/sys/user/face/enrol/challenge',
  body: ZFaceEnrolChallengeSchema,
  data: ZChallengeSchema,
  access: 'user',
  operation: false,
});

/** Enrols (or replaces) the signed-in user's face, one challenge step per call; keeps a descriptor only. */
export const sysUserFaceEnrol = endpoint({
  path: '/api/sys/user/face/enrol',
  body: ZFaceEnrolSchema,
  data: ZFaceEnrolStepResultSchema,
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
