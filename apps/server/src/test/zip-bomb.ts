/**
 * Zip bombs for the zip guard's tests, written with fflate's streaming zip so that
 * the hundreds of inflated megabytes never sit in memory: one 1 MB chunk of repetitive XML is
 * deflated again and again, and the archive stays under 1 MB.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

export interface BombOptions {
  /** Megabytes document.xml inflates to. */
  inflatedMb: number;
  /** Write this many bytes as document.xml's declared size in the central directory (a forged archive). */
  declareBytes?: number;
}

/** A docx whose word/document.xml inflates to `inflatedMb` MB of paragraphs. */
export async function bombDocx({ inflatedMb, declareBytes }: BombOptions): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const zip = new Zip((err, data, final) => {
      if (err) return reject(err);
      chunks.push(data);
      if (final) resolve();
    });
    const add = (name: string, text: string) => {
      const f = new ZipDeflate(name, { level: 6 });
      zip.add(f);
      f.push(strToU8(text), true);
    };
    add('[Content_Types].xml', CONTENT_TYPES);
    add('_rels/.rels', RELS);
    const doc = new ZipDeflate('word/document.xml', { level: 6 });
    zip.add(doc);
    doc.push(strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`));
    const para = '<w:p><w:r><w:t>1. 题干（ ）</w:t></w:r></w:p>';
    const mb = strToU8(para.repeat(Math.floor((1024 * 1024) / Buffer.byteLength(para))));
    for (let i = 0; i < inflatedMb; i++) doc.push(mb);
    doc.push(strToU8('</w:body></w:document>'), true);
    zip.end();
  });
  await done;
  const buf = Buffer.concat(chunks);
  if (declareBytes !== undefined) forgeSize(buf, 'word/document.xml', declareBytes);
  return buf;
}

/** Rewrites an entry's declared uncompressed size in the central directory. */
function forgeSize(buf: Buffer, name: string, size: number) {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(eocd + 16);
  while (buf.readUInt32LE(p) === 0x02014b50) {
    const n = buf.readUInt16LE(p + 28);
    if (buf.toString('utf8', p + 46, p + 46 + n) === name) {
      buf.writeUInt32LE(size, p + 24);
      return;
    }
    p += 46 + n + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  throw new Error(`no entry ${name}`);
}

/** A zip of `count` tiny entries. */
export function manyEntriesZip(count: number): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    chunks.push(data);
  });
  for (let i = 0; i < count; i++) {
    const f = new ZipDeflate(`f${i}.xml`, { level: 1 });
    zip.add(f);
    f.push(strToU8('<a/>'), true);
  }
  zip.end();
  return Buffer.concat(chunks);
}
