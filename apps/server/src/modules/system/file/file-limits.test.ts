import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RoleType } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { byteLimit, quotaFor, uploadAudience, uploadRule } from './file-limits.js';

const MB = 1024 * 1024;

describe('upload rules', () => {
  it('defaults to an attachment for learners and course material for administrators', () => {
    expect(uploadRule(undefined, 1, 200 * MB)).toMatchObject({ purpose: 'attachment', maxBytes: 20 * MB });
    expect(uploadRule('', 2, 300 * MB)).toMatchObject({ purpose: 'course', maxBytes: 300 * MB });
    expect(uploadRule('avatar', 1, 200 * MB)).toMatchObject({
      maxBytes: 2 * MB,
      types: expect.arrayContaining(['png']),
    });
  });

  it('refuses unknown purposes, inherited keys and administrator purposes for learners', () => {
    expect(() => uploadRule('toString', 1, MB)).toThrow('不支持的上传用途');
    expect(() => uploadRule(['avatar'], 1, MB)).toThrow('不支持的上传用途');
    expect(() => uploadRule('import', 1, MB)).toThrow('无权上传导入文件');
    expect(uploadRule('import', 2, MB).types).toEqual(['xlsx', 'docx']);
  });

  it('gives administrators ten times the quota', () => {
    expect(quotaFor(1, 100 * MB)).toBe(100 * MB);
    expect(quotaFor(2, 100 * MB)).toBe(1000 * MB);
  });

  it('fails a stream as soon as it passes the limit', async () => {
    const sink = () => new Writable({ write: (_c, _e, done) => done() });
    const source = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(
      pipeline(
        source,
        byteLimit(1000, () => new Error('过大')),
        sink(),
      ),
    ).rejects.toThrow('过大');
    const ok = Readable.from([Buffer.alloc(500), Buffer.alloc(500)]);
    await expect(
      pipeline(
        ok,
        byteLimit(1000, () => new Error('过大')),
        sink(),
      ),
    ).resolves.toBeUndefined();
  });
});

describe('who reads an upload', () => {
  it('keeps avatars public, a learner’s other uploads private, and administrators’ public unless asked', () => {
    expect(uploadAudience('avatar', RoleType.LEARNER, 'private')).toBe('public');
    expect(uploadAudience('attachment', RoleType.LEARNER, undefined)).toBe('private');
    expect(uploadAudience('attachment', RoleType.LEARNER, 'public')).toBe('private');
    expect(uploadAudience('course', RoleType.ADMIN, undefined)).toBe('public');
    expect(uploadAudience('attachment', RoleType.ADMIN, 'private')).toBe('private');
  });
});
