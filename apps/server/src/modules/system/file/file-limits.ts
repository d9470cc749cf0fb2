/**
 * Upload limits (a learner's 100 MB upload was accepted): a size limit and accepted
 * types per purpose (contracts UPLOAD_PURPOSES), and a quota of stored bytes per user.
 */
import { Transform } from 'node:stream';
import { RoleType, type TUploadPurpose, UPLOAD_PURPOSES } from '@exam/contracts';
import { badParams } from '../../../platform/errors.js';

export interface UploadRule {
  purpose: TUploadPurpose;
  label: string;
  maxBytes: number;
  types: readonly string[] | null;
}

const MB = 1024 * 1024;
/** Administrators keep course material: ten times a learner's quota. */
const ADMIN_QUOTA_FACTOR = 10;

const isAdmin = (roleType: number) => roleType === RoleType.ADMIN;

/**
 * The rule of an upload from its `purpose` field: unknown purposes and administrator purposes
 * asked by a learner are refused; none given means an attachment (learner) or course material.
 */
export function uploadRule(purpose: unknown, roleType: number, courseMaxBytes: number): UploadRule {
  const name = (purpose === undefined || purpose === '' ? (isAdmin(roleType) ? 'course' : 'attachment') : purpose) as
    | TUploadPurpose
    | string;
  if (typeof name !== 'string' || !Object.hasOwn(UPLOAD_PURPOSES, name)) throw badParams('用途：不支持的上传用途');
  const def = UPLOAD_PURPOSES[name as TUploadPurpose];
  if (def.adminOnly && !isAdmin(roleType)) throw badParams(`用途：无权上传${def.label}`);
  const maxBytes = name === 'course' ? courseMaxBytes : def.maxMb * MB;
  return { purpose: name as TUploadPurpose, label: def.label, maxBytes, types: def.types };
}

/**
 * Who may read an upload. Avatars are public: they are shown beside the name to others. Every
 * other upload of a learner is private: its owner, a module's rule (what it is attached to) or an
 * administrator whose data scope holds the owner (a marker, an invigilator) reads it, never an
 * anonymous caller or another learner. An administrator's uploads are public unless asked private:
 * question images, images in notices and courses, certificate backgrounds are shown to learners.
 */
export function uploadAudience(purpose: TUploadPurpose, roleType: number, asked: unknown): 'public' | 'private' {
  if (purpose === 'avatar') return 'public';
  if (!isAdmin(roleType)) return 'private';
  return asked === 'private' ? 'private' : 'public';
}

/** Bytes a user may keep stored in all. */
export const quotaFor = (roleType: number, learnerQuotaBytes: number): number =>
  isAdmin(roleType) ? learnerQuotaBytes * ADMIN_QUOTA_FACTOR : learnerQuotaBytes;

export const formatMb = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10}MB`;

export const tooLarge = (rule: UploadRule) => badParams(`文件：${rule.label}大小不能超过${formatMb(rule.maxBytes)}`);

export const quotaExceeded = (quota: number) =>
  badParams(`文件：存储空间不足，每人最多保存${formatMb(quota)}的文件，请删除不用的文件后再上传`);

/** Passes bytes through and fails the stream as soon as more than `maxBytes` went by. */
export function byteLimit(maxBytes: number, onExceed: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(onExceed());
      else done(null, chunk);
    },
  });
}
