// The second half of the zip guard (zip-guard.ts), run inside the import workers: the central
// directory's declared sizes passed the limits, but a forged archive may declare 1 KB and inflate
// to gigabytes. Each entry is inflated here with fflate, 4 KB of input at a time, its output only
// counted, and the check stops as soon as an entry gives more than it declared. Only then does the
// reader (mammoth, ExcelJS) open the archive, whose entries are now known to fit the limits.
import { Inflate } from 'fflate';

export class ZipRefused extends Error {}

const LOCAL = 0x04034b50;
const CHUNK = 4096;

/** Throws ZipRefused when an entry inflates past its declared size; Error for a damaged archive. */
export function checkInflatedSizes(bytes, entries) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new Error('zip: bad local header');
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > buf.length) throw new Error('zip: entry out of range');
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw new ZipRefused('文件：文件内容与其声明的大小不符，已拒绝读取');
      continue;
    }
    if (entry.method !== 8) throw new Error(`zip: compression method ${entry.method}`);
    let out = 0;
    const inflate = new Inflate((chunk) => {
      out += chunk.length;
      if (out > entry.size)
        throw new ZipRefused('文件：文件内容与其声明的大小不符（解压后更大），疑似压缩炸弹，已拒绝读取');
    });
    for (let p = start; p < end; p += CHUNK) {
      const stop = Math.min(p + CHUNK, end);
      inflate.push(buf.subarray(p, stop), stop === end);
    }
  }
}
