/**
 * IMS QTI content packages (a zip with imsmanifest.xml) and single item files, read and written
 * through the zip guard (platform/zip-read.ts: entry count, sizes, ratio, capped inflate). The
 * manifest's item resources (type imsqti_item_xmlv2p1 / v2p2 / v3p0) are resolved to their files;
 * tests and other resources are not questions and are not counted.
 */
import { zipSync } from 'fflate';
import { badParams } from '../../../../platform/errors.js';
import { InvalidZipError, ZIP_LIMITS, type ZipLimits } from '../../../../platform/zip-guard.js';
import { openZip } from '../../../../platform/zip-read.js';
import { assertImportSize } from '../import-cap.js';
import type { InterQuestion, ReadResult, Skip } from '../model.js';
import { readQtiItem, writeQtiItem } from './qti.js';
import { typeName } from './text-common.js';
import { parseXmlTree, type XmlEl } from './xml-safe.js';

const isZip = (b: Buffer) => b.subarray(0, 2).toString('latin1') === 'PK';
const utf8 = (b: Buffer) => b.toString('utf8').replace(/^\uFEFF/, '');

function add(result: ReadResult, read: ReturnType<typeof readQtiItem>) {
  if ('q' in read) result.entries.push({ place: read.place, question: read.q });
  else result.skipped.push({ place: read.place, reason: read.reason });
}

/** The item files a manifest names, in its order (hrefs relative to the manifest, which is at the root). */
function itemFiles(manifest: XmlEl): { href: string; keywords: string[] }[] {
  const out: { href: string; keywords: string[] }[] = [];
  const visit = (el: XmlEl) => {
    for (const k of el.kids) {
      if (typeof k === 'string') continue;
      if (k.name === 'resource' && /^imsqti_item_xmlv(2p[12]|3p0)$/.test(k.attrs.type ?? '') && k.attrs.href)
        out.push({ href: k.attrs.href.replace(/^\.\//, ''), keywords: keywordsOf(k) });
      else visit(k);
    }
  };
  visit(manifest);
  return out;
}

const localName = (name: string) => name.replace(/^.*:/, '');
const textIn = (el: XmlEl): string => el.kids.map((k) => (typeof k === 'string' ? k : textIn(k))).join('');

/**
 * The LOM keywords of a resource's metadata (`<imsmd:keyword><imsmd:string>`): our knowledge
 * points as paths (安全/消防), which other tools show as keywords.
 */
function keywordsOf(resource: XmlEl): string[] {
  const out: string[] = [];
  const visit = (el: XmlEl) => {
    for (const k of el.kids) {
      if (typeof k === 'string') continue;
      if (localName(k.name) === 'keyword') {
        const t = textIn(k).trim();
        if (t) out.push(t);
      } else visit(k);
    }
  };
  visit(resource);
  return out;
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Reads a QTI content package or a single item document (badParams for a malformed file). */
export async function readQti(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<ReadResult> {
  const result: ReadResult = { entries: [], skipped: [] };
  if (!isZip(buffer)) {
    add(result, readQtiItem(utf8(buffer), { file: '' }));
    return result;
  }
  let zip: Awaited<ReturnType<typeof openZip>>;
  try {
    zip = await openZip(buffer, limits);
  } catch (err) {
    if (err instanceof InvalidZipError) throw badParams('文件：QTI 压缩包已损坏，无法读取');
    throw err;
  }
  const manifest = zip.read('imsmanifest.xml');
  if (!manifest) throw badParams('文件：QTI 压缩包中没有 imsmanifest.xml');
  const files = itemFiles(parseXmlTree(utf8(manifest), 'imsmanifest.xml '));
  assertImportSize(files.length);
  const read = (path: string) => {
    try {
      return zip.read(path);
    } catch (err) {
      if (err instanceof InvalidZipError) throw badParams(`文件：QTI 压缩包中的 ${path} 已损坏，无法读取`);
      throw err;
    }
  };
  for (const { href: file, keywords } of files) {
    const body = read(file);
    if (!body) {
      result.skipped.push({ place: file, reason: 'imsmanifest.xml 列出的试题文件不在压缩包中' });
      continue;
    }
    const item = readQtiItem(utf8(body), { file, read });
    if ('q' in item) item.q.tags = [...new Set([...item.q.tags, ...keywords])];
    add(result, item);
  }
  return result;
}

/** Writes questions as a QTI 3.0 content package: imsmanifest.xml and one item per question. */
export function writeQtiPackage(questions: InterQuestion[]): { body: Buffer; skipped: Skip[] } {
  const skipped: Skip[] = [];
  const files: Record<string, Uint8Array> = {};
  const resources = questions.map((q, i) => {
    const id = `item-${String(i + 1).padStart(4, '0')}`;
    const href = `items/${id}.xml`;
    const { xml, skip } = writeQtiItem(q, id);
    if (skip) skipped.push({ place: `第${i + 1}题（${typeName[q.type] ?? q.type}）`, reason: skip });
    files[href] = Buffer.from(xml, 'utf8');
    const keywords = q.tags.map((t) => `<imsmd:keyword><imsmd:string>${xmlText(t)}</imsmd:string></imsmd:keyword>`);
    const metadata = keywords.length
      ? `<metadata><imsmd:lom><imsmd:general>${keywords.join('')}</imsmd:general></imsmd:lom></metadata>`
      : '';
    return `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="${href}">${metadata}<file href="${href}"/></resource>`;
  });
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="MANIFEST-1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM">' +
    '<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>' +
    `<organizations/><resources>${resources.join('')}</resources></manifest>\n`;
  const body = Buffer.from(zipSync({ 'imsmanifest.xml': Buffer.from(manifest, 'utf8'), ...files }, { level: 6 }));
  return { body, skipped };
}
