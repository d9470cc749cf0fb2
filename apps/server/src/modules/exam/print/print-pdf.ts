/**
 * Lays printed blocks out on A4 pages with pdfkit and the CJK font the certificates use
 * (cert/cert-render.ts `cjkFont`, from the npm package, so no system font is needed).
 */
import PDFDocument from 'pdfkit';
import { cjkFont } from '../../cert/cert-render.js';
import type { PrintBlock, PrintMode } from './print-text.js';

export interface PrintHeader {
  title: string;
  /** Lines under the title: exam, total, learner, score… */
  info: string[];
  mode: PrintMode;
}

const MARGIN = 50;
const TONE_COLOR: Record<string, string> = { key: '#237804', answer: '#0958d9', mark: '#ad4e00' };

/** Renders the paper; resolves with the PDF bytes. */
export async function renderPaperPdf(header: PrintHeader, blocks: PrintBlock[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: header.title, Producer: 'exam' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont() as unknown as Buffer);
  const width = doc.page.width - MARGIN * 2;

  doc.font('cjk').fontSize(18).fillColor('#000').text(header.title, { align: 'center', width });
  doc.moveDown(0.4);
  doc.fontSize(10).fillColor('#555');
  for (const line of header.info) doc.text(line, { align: 'center', width });
  if (header.mode === 'blank') {
    doc.moveDown(0.4);
    doc.text('姓名：______________    部门：______________    得分：________', { align: 'center', width });
  }
  doc.moveDown(0.6);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .strokeColor('#999')
    .stroke();
  doc.moveDown(0.8);

  for (const b of blocks) {
    if (b.kind === 'section') {
      doc.moveDown(0.3).fontSize(13).fillColor('#000').text(b.title, MARGIN, doc.y, { width });
      doc.moveDown(0.4);
      continue;
    }
    const indent = b.child ? 18 : 0;
    // Keep a question's stem off the last lines of a page.
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    doc
      .fontSize(11)
      .fillColor('#000')
      .text(b.head, MARGIN + indent, doc.y, { width: width - indent });
    doc.fontSize(10.5);
    for (const line of b.body) doc.text(line, MARGIN + indent + 16, doc.y, { width: width - indent - 16 });
    if (header.mode === 'blank' && b.body.length === 0) doc.moveDown(2.5);
    for (const note of b.notes) {
      doc
        .fillColor(TONE_COLOR[note.tone ?? 'key'])
        .text(`【${note.label}】${note.text}`, MARGIN + indent + 16, doc.y, { width: width - indent - 16 });
    }
    doc.moveDown(0.6);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without a margin there pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(9)
      .fillColor('#888')
      .text(`第 ${i + 1} 页 / 共 ${range.count} 页`, MARGIN, doc.page.height - MARGIN + 15, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
