/**
 * The interchange reader worker: the same items as on the request thread, images
 * handed back as Buffers, and the parsers' own refusals (code and Chinese message) for bad files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrorCode } from '@exam/contracts';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { readItems } from './read.js';
import { readOffThread } from './read-off-thread.js';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

/** The refusal a promise ends with, as code and message. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? { code: err.code, message: err.message } : String(err)),
  );

describe('readOffThread', () => {
  it('answers what the parsers answer on the request thread, images as Buffers', async () => {
    const xml = fixture('moodle-doc.xml');
    const off = await readOffThread('moodle-xml', xml, 'tag');
    const on = await readItems('moodle-xml', xml, 'tag');
    expect(off.items).toEqual(on.items);
    expect(off.skipped).toEqual(on.skipped);
    expect(off.images.length).toBeGreaterThan(0);
    expect(Buffer.isBuffer(off.images[0].data)).toBe(true);
    expect(off.images[0].data.equals(on.images[0].data)).toBe(true);
    const gift = fixture('moodle-doc.gift');
    expect(await readOffThread('gift', gift, 'bank')).toEqual(await readItems('gift', gift, 'bank'));
  });

  it('refuses a bad file with the same code and Chinese message as before', async () => {
    const cut = fixture('moodle-doc.xml').subarray(0, 1500);
    const before = await refusal(readItems('moodle-xml', cut));
    expect(before).toMatchObject({
      code: ErrorCode.BAD_PARAMS,
      message: expect.stringMatching(/XML 格式错误（第\d+行/),
    });
    expect(await refusal(readOffThread('moodle-xml', cut, 'tag'))).toEqual(before);

    const noManifest = Buffer.from(zipSync({ 'item.xml': new Uint8Array([60, 97, 47, 62]) }));
    expect(await refusal(readOffThread('qti', noManifest, 'tag'))).toEqual({
      code: ErrorCode.BAD_PARAMS,
      message: '文件：QTI 压缩包中没有 imsmanifest.xml',
    });
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]);
    expect(await refusal(readOffThread('qti', broken, 'tag'))).toEqual({
      code: ErrorCode.BAD_PARAMS,
      message: '文件：QTI 压缩包已损坏，无法读取',
    });
    const entity = Buffer.from('<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "b">]><quiz>&a;</quiz>');
    expect(await refusal(readOffThread('moodle-xml', entity, 'tag'))).toEqual(
      await refusal(readItems('moodle-xml', entity)),
    );
  });

  it('refuses a file that takes the reader past its time cap', async () => {
    expect(await refusal(readOffThread('gift', fixture('moodle-doc.gift'), 'tag', { timeoutMs: 1 }))).toEqual({
      code: ErrorCode.BAD_PARAMS,
      message: '文件：文件内容过多，读取超时，请拆分后分批导入',
    });
  });
});
