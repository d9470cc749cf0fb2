/**
 * Reads entries of a zip held in memory under the zip guard (QTI content packages). The
 * central directory is checked first (entry count, declared sizes, total, compression ratio:
 * zip-guard.ts); each wanted entry is then inflated with fflate 4 KB at a time and refused as soon
 * as it gives more than it declared, so a forged header cannot make us inflate gigabytes.
 */
import { Inflate } from 'fflate';
import { badParams } from './errors.js';
import { guardZipBuffer, InvalidZipError, ZIP_LIMITS, type ZipEntry, type ZipLimits } from './zip-guard.js';

const LOCAL = 0x04034b50;
const CHUNK = 4096;

function inflateEntry(buf: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL) throw new InvalidZipError('zip: bad local header');
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw new InvalidZipError('zip: entry out of range');
  const tooBig = () =>
    badParams(`文件：压缩包内 ${entry.name.slice(0, 60)} 解压后大于其声明的大小，疑似压缩炸弹，已拒绝读取`);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw tooBig();
    return buf.subarray(start, end);
  }
  if (entry.method !== 8) throw new InvalidZipError(`zip: compression method ${entry.method}`);
  const parts: Uint8Array[] = [];
  let out = 0;
  const inflate = new Inflate((chunk) => {
    out += chunk.length;
    if (out > entry.size) throw tooBig();
    parts.push(chunk);
  });
  for (let p = start; p < end; p += CHUNK) {
    const stop = Math.min(p + CHUNK, end);
    inflate.push(buf.subarray(p, stop), stop === end);
  }
  return Buffer.concat(parts);
}

/** The names of a zip's entries (guarded) and a reader of one entry by name. */
export async function openZip(buf: Buffer, limits: ZipLimits = ZIP_LIMITS) {
  const entries = await guardZipBuffer(buf, limits);
  const byName = new Map(entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, e]));
  return {
    names: [...byName.keys()],
    read(name: string): Buffer | null {
      const entry = byName.get(name);
      return entry ? inflateEntry(buf, entry) : null;
    },
  };
}
