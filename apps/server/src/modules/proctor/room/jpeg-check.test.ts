import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { checkJpegBytes, checkSnapshotJpeg } from './jpeg-check.js';

const jpegOf = (width: number, height: number) =>
  Buffer.from(jpeg.encode({ width, height, data: Buffer.alloc(width * height * 4, 90) }, 70).data);

describe('checkSnapshotJpeg', () => {
  it('accepts a plain small JPEG, with or without the data: prefix, and reads its size', () => {
    const bytes = jpegOf(320, 240);
    const plain = checkSnapshotJpeg(bytes.toString('base64'));
    expect(plain).toMatchObject({ ok: true, width: 320, height: 240 });
    expect(checkSnapshotJpeg(`data:image/jpeg;base64,${bytes.toString('base64')}`).ok).toBe(true);
  });
  it('refuses what is not base64, too large, or larger than 640 px', () => {
    expect(checkSnapshotJpeg('@@@@')).toMatchObject({ ok: false });
    expect(checkSnapshotJpeg('abc')).toMatchObject({ ok: false });
    expect(checkSnapshotJpeg(jpegOf(320, 240).toString('base64'), 100)).toMatchObject({ ok: false });
    expect(checkJpegBytes(jpegOf(641, 10))).toMatchObject({ ok: false, reason: expect.stringContaining('640') });
  });
  it('refuses bytes after the image end, even when they end like a JPEG', () => {
    const bytes = jpegOf(64, 64);
    const script = Buffer.from('<script>alert(1)</script>');
    expect(checkJpegBytes(Buffer.concat([bytes, script])).ok).toBe(false);
    expect(checkJpegBytes(Buffer.concat([bytes, script, Buffer.from([0xff, 0xd9])])).ok).toBe(false);
  });
  it('refuses a PNG, a truncated JPEG and a JPEG without a frame header', () => {
    expect(checkJpegBytes(Buffer.from('89504e470d0a1a0a', 'hex')).ok).toBe(false);
    const bytes = jpegOf(64, 64);
    expect(checkJpegBytes(bytes.subarray(0, bytes.length - 10)).ok).toBe(false);
    expect(checkJpegBytes(Buffer.from([0xff, 0xd8, 0xff, 0xd9])).ok).toBe(false);
  });
});
