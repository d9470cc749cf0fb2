/**
 * Draws a certificate as a one-page A4 PDF: the background image, the built-in border, then each
 * field at its place (the seal image last).
 * The CJK font comes from the npm package @embedpdf/fonts-sc (Noto Sans SC, OTF), so a plain
 * `npm install` renders Chinese on any machine, without system fonts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import type { CertFieldRow } from '../../db/schema/index.js';
import { drawBorder } from './cert-border.js';

const require = createRequire(import.meta.url);
let fontCache: fontkit.Font | null = null;

/**
 * The font, read and parsed once (8 MB; parsing it for every document cost ~0.3 s of CPU on the
 * event loop). pdfkit takes a parsed fontkit font as it is and embeds only the glyphs used.
 */
export function cjkFont(): fontkit.Font {
  if (!fontCache) {
    const pkgMain = require.resolve('@embedpdf/fonts-sc');
    const file = fs.readFileSync(path.join(path.dirname(pkgMain), '..', 'fonts', 'NotoSansHans-Regular.otf'));
    fontCache = fontkit.create(file) as fontkit.Font;
  }
  return fontCache;
}

/** A4 in PDF points. */
export function pageSize(orientation: string): { width: number; height: number } {
  return orientation === 'portrait' ? { width: 595.28, height: 841.89 } : { width: 841.89, height: 595.28 };
}

export interface RenderInput {
  orientation: string;
  fields: CertFieldRow[];
  background: Buffer | null;
  /** A built-in border design (CERT_BORDERS), drawn over the background. */
  border?: string | null;
  /** The seal image each 'seal' field places; null leaves those fields empty. */
  seal?: Buffer | null;
  /** Text of each field kind except qrcode and text. */
  values: Partial<Record<string, string>>;
  /** What the QR code opens. */
  verifyUrl: string;
  /** What the printed number links to: the verify page, which asks for the holder's name. */
  numberUrl?: string;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

/**
 * Refuses a background pdfkit would choke on. pdfkit inflates PNG data asynchronously and a corrupt
 * stream then throws outside any promise (the document never ends, the process may die), so a PNG
 * is decoded here first, synchronously, where its error can be caught.
 */
export function checkBackground(image: Buffer): void {
  if (image.subarray(0, 4).equals(PNG_MAGIC)) {
    try {
      PNG.sync.read(image);
    } catch (err) {
      throw new Error(`背景图片已损坏：${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

export async function renderCertPdf(input: RenderInput): Promise<Buffer> {
  if (input.background) checkBackground(input.background);
  if (input.seal) checkBackground(input.seal);
  const { width: W, height: H } = pageSize(input.orientation);
  const qrFields = input.fields.filter((f) => f.kind === 'qrcode');
  const qr = qrFields.length
    ? await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 360, errorCorrectionLevel: 'M' })
    : null;
  const doc = new PDFDocument({ size: [W, H], margin: 0, info: { Title: '证书', Producer: 'exam' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont() as unknown as Buffer);
  if (input.background) doc.image(input.background, 0, 0, { width: W, height: H });
  drawBorder(doc, input.border ?? 'none', W, H);
  // Seals go last, over the issuer's name and the date, as a stamp sits on paper.
  const ordered = [...input.fields.filter((f) => f.kind !== 'seal'), ...input.fields.filter((f) => f.kind === 'seal')];
  for (const f of ordered) {
    const x = f.x * W;
    const y = f.y * H;
    const w = f.width * W;
    if (f.kind === 'qrcode') {
      if (qr) doc.image(qr, x, y, { width: w, height: w });
      continue;
    }
    if (f.kind === 'seal') {
      if (input.seal) doc.image(input.seal, x, y, { fit: [w, w] });
      continue;
    }
    const text = f.kind === 'text' ? (f.text ?? '') : (input.values[f.kind] ?? '');
    if (!text) continue;
    const link = f.kind === 'certNo' ? input.numberUrl : undefined;
    doc.font('cjk').fontSize(f.fontSize).fillColor(f.color).text(text, x, y, { width: w, align: f.align, link });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
