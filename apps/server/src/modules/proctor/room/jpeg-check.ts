/**
 * The snapshot's bytes must be one small, plain JPEG and nothing else: it is stored and later shown
 * to invigilators, so a file that is also a zip or a script (bytes appended after the image's end)
 * or a huge image that would cost memory to show is refused. Only the marker segments are walked
 * (the header's SOF gives the size); the image is never decoded on the request thread.
 */
import { PROCTOR_SNAPSHOT_MAX_BYTES } from '@exam/contracts';

export const SNAPSHOT_MAX_SIDE = 640;

export type JpegCheck = { ok: true; bytes: Buffer; width: number; height: number } | { ok: false; reason: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8), DAC (CC). */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Decodes the upload (base64, optional data: prefix) and checks it is one JPEG within the limits. */
export function checkSnapshotJpeg(image: string, maxBytes = PROCTOR_SNAPSHOT_MAX_BYTES): JpegCheck {
  const text = image.replace(/^data:image\/jpeg;base64,/, '');
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text))
    return { ok: false, reason: '抓拍图片不是有效的base64编码' };
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > maxBytes) return { ok: false, reason: `抓拍图片不能超过${Math.floor(maxBytes / 1024)}KB` };
  return checkJpegBytes(bytes);
}

/** Walks the JPEG's segments: SOI, headers with one SOF, scan data, EOI as the very last two bytes. */
export function checkJpegBytes(bytes: Buffer): JpegCheck {
  const bad = (reason = '抓拍须为JPEG图片'): JpegCheck => ({ ok: false, reason });
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return bad();
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9)
    return bad('抓拍图片结尾不完整或附带了其他数据');
  let i = 2;
  let width = 0;
  let height = 0;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) return bad('抓拍图片格式损坏');
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) return bad('抓拍图片缺少图像数据');
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (i + 4 > bytes.length) return bad('抓拍图片格式损坏');
    const len = bytes.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > bytes.length) return bad('抓拍图片格式损坏');
    if (isSof(marker)) {
      if (len < 7) return bad('抓拍图片格式损坏');
      height = bytes.readUInt16BE(i + 5);
      width = bytes.readUInt16BE(i + 7);
    }
    i += 2 + len;
    if (marker === 0xda) {
      // Entropy-coded data: a marker here is FF00 (stuffed), a restart (FFD0-D7), fill, or the end.
      // The first end-of-image marker must be the file's last two bytes.
      while (i < bytes.length - 1) {
        if (bytes[i] === 0xff) {
          const next = bytes[i + 1];
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            i += next === 0xff ? 1 : 2;
            continue;
          }
          if (next === 0xd9) {
            if (i + 2 !== bytes.length) return bad('抓拍图片结尾之后附带了其他数据');
            if (!width || !height) return bad('抓拍图片缺少尺寸信息');
            if (width > SNAPSHOT_MAX_SIDE || height > SNAPSHOT_MAX_SIDE)
              return bad(`抓拍图片尺寸不能超过${SNAPSHOT_MAX_SIDE}×${SNAPSHOT_MAX_SIDE}像素`);
            return { ok: true, bytes, width, height };
          }
          break; // another segment (a progressive JPEG's next DHT/SOS)
        }
        i++;
      }
    }
  }
  return bad('抓拍图片格式损坏');
}
