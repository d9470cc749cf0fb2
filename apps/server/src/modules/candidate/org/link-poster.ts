/**
 * The open link as pictures the organiser hands out: the QR code alone (a PNG for slides and
 * print) and a poster (a PNG with the exam's title, its window and the QR code, for a WeChat group
 * or a notice board). Both encode the candidate link itself and nothing else, so whoever scans
 * them lands on the same registration page as the link.
 */
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { cjkFont } from '../../cert/cert-render.js';
import { type Canvas, drawText, fillRect, textWidth, wrapText } from './glyph-raster.js';

/** The QR code of a link as a PNG, `size` pixels square (quiet zone included). */
export async function linkQrPng(url: string, size = 600): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', margin: 2, width: size, errorCorrectionLevel: 'M' });
}

export interface PosterInput {
  title: string;
  /** A line under the title, e.g. the window 2026-12-08 09:00 至 11:00. */
  subtitle?: string;
  url: string;
  siteName?: string;
}

const W = 750;
const H = 1180;
const BLUE: [number, number, number] = [22, 119, 255];
const WHITE: [number, number, number] = [255, 255, 255];
const DARK: [number, number, number] = [31, 31, 31];
const GREY: [number, number, number] = [102, 102, 102];

function centred(canvas: Canvas, text: string, size: number, y: number, rgb: [number, number, number]): void {
  const font = cjkFont();
  drawText(canvas, font, text, size, (W - textWidth(font, text, size)) / 2, y, rgb);
}

/** Draws the QR modules of `url` as black squares, `box` pixels wide at (x, y). */
function drawQr(canvas: Canvas, url: string, x: number, y: number, box: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = Math.floor(box / n);
  const offset = Math.floor((box - cell * n) / 2);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c)) fillRect(canvas, x + offset + c * cell, y + offset + r * cell, cell, cell, DARK);
}

/** The poster: a blue band with the title (up to three lines), the window, the QR code and a hint. */
export function linkPosterPng(input: PosterInput): Buffer {
  const canvas: Canvas = { width: W, height: H, data: Buffer.alloc(W * H * 4, 255) };
  const font = cjkFont();
  const titleSize = 44;
  const lines = wrapText(font, input.title, titleSize, W - 100, 3);
  const bandHeight = 140 + lines.length * 62;
  fillRect(canvas, 0, 0, W, bandHeight, BLUE);
  if (input.siteName) centred(canvas, input.siteName, 26, 70, WHITE);
  for (const [i, line] of lines.entries()) centred(canvas, line, titleSize, 140 + i * 62, WHITE);
  let y = bandHeight + 60;
  if (input.subtitle) {
    centred(canvas, input.subtitle, 28, y, GREY);
    y += 40;
  }
  const box = 480;
  fillRect(canvas, (W - box) / 2 - 20, y - 20, box + 40, box + 40, [240, 245, 255]);
  fillRect(canvas, (W - box) / 2, y, box, box, WHITE);
  drawQr(canvas, input.url, (W - box) / 2 + 16, y + 16, box - 32);
  y += box + 90;
  centred(canvas, '微信或手机浏览器扫码，登记后参加考试', 30, y, DARK);
  const png = new PNG({ width: W, height: Math.min(H, y + 80) });
  canvas.data.copy(png.data, 0, 0, png.width * png.height * 4);
  return PNG.sync.write(png);
}
