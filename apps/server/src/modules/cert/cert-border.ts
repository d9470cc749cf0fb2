/**
 * The built-in borders of a certificate page, drawn as pdfkit vectors so no image is needed and
 * the lines stay sharp at any print size. Each design only strokes and fills near the edges, so
 * the fields placed in the middle of the page stay readable.
 */
import type { TCertBorder } from '@exam/contracts';

type Doc = PDFKit.PDFDocument;

function corners(W: number, H: number, inset: number): Array<[number, number, number, number]> {
  // [x, y, horizontal direction, vertical direction] of each corner, pointing into the page.
  return [
    [inset, inset, 1, 1],
    [W - inset, inset, -1, 1],
    [inset, H - inset, 1, -1],
    [W - inset, H - inset, -1, -1],
  ];
}

/** A navy double rule with a thin inner line: quiet, for formal certificates. */
function classic(doc: Doc, W: number, H: number): void {
  doc.save().strokeColor('#1f3a5f');
  doc
    .lineWidth(5)
    .rect(18, 18, W - 36, H - 36)
    .stroke();
  doc
    .lineWidth(1.2)
    .rect(28, 28, W - 56, H - 56)
    .stroke();
  doc
    .lineWidth(0.6)
    .rect(33, 33, W - 66, H - 66)
    .stroke();
  doc.restore();
}

/** A warm page with a gold frame and ornamented corners. */
function gilded(doc: Doc, W: number, H: number): void {
  const gold = '#b8862b';
  doc.save();
  doc.rect(0, 0, W, H).fill('#fffaf0');
  doc
    .lineWidth(8)
    .strokeColor(gold)
    .rect(16, 16, W - 32, H - 32)
    .stroke();
  doc
    .lineWidth(1.5)
    .rect(30, 30, W - 60, H - 60)
    .stroke();
  for (const [x, y, dx, dy] of corners(W, H, 30)) {
    // a quarter-circle fan and a diamond in each corner
    doc.lineWidth(1.5).strokeColor(gold);
    for (const r of [22, 34]) {
      doc
        .moveTo(x + dx * r, y)
        .bezierCurveTo(x + dx * r, y + dy * r * 0.55, x + dx * r * 0.55, y + dy * r, x, y + dy * r)
        .stroke();
    }
    const cx = x + dx * 12;
    const cy = y + dy * 12;
    doc.polygon([cx, cy - 7], [cx + 7, cy], [cx, cy + 7], [cx - 7, cy]).fill(gold);
  }
  doc.restore();
}

/** Blue bands at top and bottom with a fine frame: a modern training certificate. */
function ribbon(doc: Doc, W: number, H: number): void {
  const blue = '#1d4f91';
  const light = '#7fa7d9';
  doc.save();
  doc.rect(0, 0, W, 26).fill(blue);
  doc.rect(0, H - 26, W, 26).fill(blue);
  doc.rect(0, 30, W, 4).fill(light);
  doc.rect(0, H - 34, W, 4).fill(light);
  doc
    .lineWidth(1)
    .strokeColor(blue)
    .rect(22, 46, W - 44, H - 92)
    .stroke();
  // a chevron on each side
  for (const side of [0, 1]) {
    const x = side ? W - 22 : 22;
    const d = side ? -1 : 1;
    doc.polygon([x, H / 2 - 30], [x + d * 14, H / 2], [x, H / 2 + 30]).fill(blue);
  }
  doc.restore();
}

const DESIGNS: Record<Exclude<TCertBorder, 'none'>, (doc: Doc, W: number, H: number) => void> = {
  classic,
  gilded,
  ribbon,
};

/** Draws the chosen border on a page of W×H points; unknown names draw nothing. */
export function drawBorder(doc: Doc, border: string, W: number, H: number): void {
  const design = DESIGNS[border as keyof typeof DESIGNS];
  if (design) design(doc, W, H);
}
