/**
 * Zip guard: every zip the product opens (docx and xlsx imports, course office
 * documents) is checked from its central directory before anything is inflated: entry count,
 * declared uncompressed size per entry and in total, and compression ratio. A 915 KB docx whose
 * XML inflated to ~300 MB otherwise ran the process out of memory. Only the end of the archive is
 * read (a 200 MB course file is not loaded), so the parser is our own: fflate's unzip needs the
 * whole archive in memory. Declared sizes are not trusted for the inflate itself: the workers
 * inflate with fflate and stop at the declared sizes (zip-inflate-cap.mjs); see docs/INPUT-LIMITS.md.
 */
import fsp from 'node:fs/promises';
import { badParams } from './errors.js';

export interface ZipLimits {
  /** Entries in the archive. */
  maxEntries: number;
  /** Declared uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Declared uncompressed bytes of all entries. */
  maxTotalBytes: number;
  /** Uncompressed / compressed, checked for entries above ratioFloorBytes (tiny entries compress well legitimately). */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the local file header. */
  localOffset: number;
}

/** The bytes are no zip archive (or a damaged one); callers answer their own "not a valid file". */
export class InvalidZipError extends Error {}

const MB = 1024 * 1024;
const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const MAX_COMMENT = 0xffff;

interface Source {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

const bufferSource = (buf: Buffer): Source => ({
  size: buf.length,
  read: async (p, n) => {
    if (p < 0 || p + n > buf.length) throw new InvalidZipError('zip: read past the end');
    return buf.subarray(p, p + n);
  },
});

const u64 = (b: Buffer, at: number) => Number(b.readBigUInt64LE(at));

/** Central-directory entries of a zip, read from its end only. */
async function readEntries(src: Source, limits: ZipLimits): Promise<ZipEntry[]> {
  const tailLength = Math.min(src.size, 22 + MAX_COMMENT);
  if (tailLength < 22) throw new InvalidZipError('zip: too short');
  const tailStart = src.size - tailLength;
  const tail = await src.read(tailStart, tailLength);
  let e = tail.length - 22;
  while (e >= 0 && tail.readUInt32LE(e) !== EOCD) e--;
  if (e < 0) throw new InvalidZipError('zip: no end of central directory');
  let count = tail.readUInt16LE(e + 10);
  let cdSize = tail.readUInt32LE(e + 12);
  let cdOffset = tail.readUInt32LE(e + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    if (e < 20 || tail.readUInt32LE(e - 20) !== EOCD64_LOCATOR) throw new InvalidZipError('zip: no zip64 locator');
    const z = await src.read(u64(tail, e - 20 + 8), 56);
    if (z.readUInt32LE(0) !== EOCD64) throw new InvalidZipError('zip: bad zip64 record');
    count = u64(z, 32);
    cdSize = u64(z, 40);
    cdOffset = u64(z, 48);
  }
  if (count > limits.maxEntries) throw tooManyEntries(limits);
  if (cdOffset + cdSize > src.size) throw new InvalidZipError('zip: central directory out of range');
  const cd = await src.read(cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  while (p + 46 <= cd.length && cd.readUInt32LE(p) === CENTRAL) {
    if (entries.length >= limits.maxEntries) throw tooManyEntries(limits);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    if (p + 46 + nameLength + extraLength > cd.length) throw new InvalidZipError('zip: entry out of range');
    const entry: ZipEntry = {
      name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      method: cd.readUInt16LE(p + 10),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      localOffset: cd.readUInt32LE(p + 42),
    };
    // zip64 extra field: the 64-bit values of the fields set to 0xFFFFFFFF, in this order
    let x = p + 46 + nameLength;
    const xEnd = x + extraLength;
    while (x + 4 <= xEnd) {
      const id = cd.readUInt16LE(x);
      const len = cd.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let q = x + 4;
        const next = () => {
          if (q + 8 > x + 4 + len) throw new InvalidZipError('zip: short zip64 field');
          const v = u64(cd, q);
          q += 8;
          return v;
        };
        if (entry.size === 0xffffffff) entry.size = next();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
        if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      }
      x += 4 + len;
    }
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length === 0) throw new InvalidZipError('zip: empty central directory');
  return entries;
}

const tooManyEntries = (limits: ZipLimits) =>
  badParams(`文件：压缩包内的文件超过${limits.maxEntries}个，无法读取，请检查文件`);

/** Refuses entries over the limits (badParams); answers them for the capped inflate. */
export function checkEntries(entries: ZipEntry[], limits: ZipLimits = ZIP_LIMITS): ZipEntry[] {
  if (entries.length > limits.maxEntries) throw tooManyEntries(limits);
  let total = 0;
  for (const entry of entries) {
    if (entry.size > limits.maxEntryBytes)
      throw badParams(
        `文件：文件解压后过大（其中 ${entry.name.slice(0, 60)} 超过${limits.maxEntryBytes / MB}MB），无法读取，请拆分后再试`,
      );
    total += entry.size;
    if (total > limits.maxTotalBytes)
      throw badParams(`文件：文件解压后总大小超过${limits.maxTotalBytes / MB}MB，无法读取，请拆分后再试`);
    if (entry.size > limits.ratioFloorBytes && entry.size > entry.compressedSize * limits.maxRatio)
      throw badParams(`文件：文件压缩比异常（超过${limits.maxRatio}倍），疑似压缩炸弹，已拒绝读取`);
  }
  return entries;
}

/** Checks a zip held in memory; answers its entries. InvalidZipError when it is no zip. */
export async function guardZipBuffer(buf: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<ZipEntry[]> {
  return checkEntries(await readEntries(bufferSource(buf), limits), limits);
}

/** Checks a zip on disk, reading only its end. InvalidZipError when it is no zip. */
export async function guardZipFile(file: string, limits: ZipLimits = ZIP_LIMITS): Promise<ZipEntry[]> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const src: Source = {
      size,
      read: async (position, length) => {
        if (position < 0 || position + length > size) throw new InvalidZipError('zip: read past the end');
        const buf = Buffer.alloc(length);
        await handle.read(buf, 0, length, position);
        return buf;
      },
    };
    return checkEntries(await readEntries(src, limits), limits);
  } finally {
    await handle.close();
  }
}
