/**
 * Safe XML reading for the interchange formats (Moodle XML, QTI): a well-kept parser
 * (fast-xml-parser), never regular expressions over XML. Entity expansion is off: a DOCTYPE that
 * declares entities is refused before parsing (billion laughs), the parser expands none, and only
 * the five predefined entities and character references are decoded here. A malformed file
 * (truncated, unclosed) is refused with its line (badParams), nothing imported.
 */
import { type X2jOptions, XMLParser, XMLValidator } from 'fast-xml-parser';
import { badParams } from '../../../../platform/errors.js';

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five XML entities and numeric character references, nothing else. */
export const decodeXml = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return PREDEFINED[e.toLowerCase()] ?? m;
  });

export type XmlNode = Record<string, unknown>;

/**
 * Parses a document with entity expansion off, after refusing entity declarations and malformed
 * XML (badParams naming the line); `options` are the shape of the answer (prefix, order, arrays).
 */
function parseSafely(xml: string, what: string, options: Partial<X2jOptions>): unknown {
  if (/<!DOCTYPE[^>]*\[/i.test(xml) || /<!ENTITY/i.test(xml))
    throw badParams(`文件：${what}中含有 DTD 实体声明，为安全起见拒绝读取`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw badParams(
      `文件：${what}的 XML 格式错误（第${valid.err.line}行第${valid.err.col}列）：文件不完整或标签未闭合`,
    );
  try {
    return parserOf(options).parse(xml);
  } catch (err) {
    // The parser's own depth cap (an element inside more than MAX_XML_DEPTH others).
    if (err instanceof Error && /nested tags/i.test(err.message))
      throw badParams(`文件：${what}的元素嵌套超过${MAX_XML_DEPTH}层，无法读取，请检查文件`);
    throw err;
  }
}

/**
 * How deep elements may nest. A question's rich text in real files stays far below; past it the
 * parser stops (its stack, not the server's) and the file is refused with 10010001.
 */
export const MAX_XML_DEPTH = 100;

function parserOf(options: Partial<X2jOptions>): XMLParser {
  return new XMLParser({
    maxNestedTags: MAX_XML_DEPTH,
    ignoreAttributes: false,
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    cdataPropName: '__cdata',
    removeNSPrefix: true,
    ...options,
  });
}

/** Parses an XML document; badParams naming the line when it is not well formed. */
export function parseXml(xml: string, arrays: string[], what: string): XmlNode {
  return parseSafely(xml, what, { attributeNamePrefix: '@_', isArray: (name) => arrays.includes(name) }) as XmlNode;
}

/** The text of an element: its text nodes decoded, its CDATA sections as they are. */
export function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return decodeXml(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  const n = node as XmlNode;
  const parts = [n['#text'] === undefined ? '' : textOf(n['#text'])];
  const cdata = n.__cdata;
  if (cdata !== undefined) parts.push(Array.isArray(cdata) ? cdata.join('') : String(cdata));
  return parts.join('');
}

/** A child element (or attribute, `@_name`) of an element; nothing of a text or a missing node. */
export const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' ? (node as XmlNode)[name] : undefined;

export const attr = (node: unknown, name: string): string => decodeXml(String(child(node, `@_${name}`) ?? ''));

export const children = (node: unknown, name: string): unknown[] => {
  const v = child(node, name);
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

/** An element of a document read in order (mixed content: QTI item bodies are XHTML with interactions). */
export interface XmlEl {
  name: string;
  attrs: Record<string, string>;
  /** Child elements and decoded text, in document order. */
  kids: (XmlEl | string)[];
}

type Ordered = Record<string, unknown>;

/** The root element of a document, read in order under the same guards as parseXml. */
export function parseXmlTree(xml: string, what: string): XmlEl {
  const nodes = parseSafely(xml, what, { attributeNamePrefix: '', preserveOrder: true }) as Ordered[];
  const convert = (nodes: Ordered[]): (XmlEl | string)[] =>
    nodes.flatMap((n): (XmlEl | string)[] => {
      if ('#text' in n) return [decodeXml(String(n['#text']))];
      const name = Object.keys(n).find((k) => k !== ':@');
      if (!name || name.startsWith('?')) return [];
      const kids = (n[name] as Ordered[]) ?? [];
      if (name === '__cdata') return kids.map((k) => String(k['#text'] ?? ''));
      const raw = (n[':@'] ?? {}) as Record<string, unknown>;
      const attrs = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, decodeXml(String(v))]));
      return [{ name, attrs, kids: convert(kids) }];
    });
  const root = convert(nodes).find((k): k is XmlEl => typeof k !== 'string');
  if (!root) throw badParams(`文件：${what}中没有根元素`);
  return root;
}
