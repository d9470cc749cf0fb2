/**
 * Draws text into an RGBA pixel buffer with the certificates' CJK font (cert/cert-render.ts
 * `cjkFont`, from the npm package), so the exam poster is a PNG without a canvas library or system
 * fonts: each glyph's outline is flattened to line segments and filled with the non-zero rule at
 * 4×4 samples per pixel (anti-aliased edges).
 */
import type * as fontkit from 'fontkit';

export interface Canvas {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Buffer;
}

type Edge = { x0: number; y0: number; x1: number; y1: number; dir: 1 | -1 };

const SS = 4;

/** Outline commands of a glyph as edges in pixel space (y down), offset to the pen position. */
function glyphEdges(glyph: fontkit.Glyph, scale: number, penX: number, baseline: number): Edge[] {
  const edges: Edge[] = [];
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  const px = (x: number) => penX + x * scale;
  const py = (y: number) => baseline - y * scale;
  const line = (x: number, y: number) => {
    const [ax, ay, bx, by] = [px(cx), py(cy), px(x), py(y)];
    if (ay !== by) edges.push({ x0: ax, y0: ay, x1: bx, y1: by, dir: by > ay ? 1 : -1 });
    cx = x;
    cy = y;
  };
  const STEPS = 8;
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo') {
      if (cx !== sx || cy !== sy) line(sx, sy);
      [sx, sy] = args;
      [cx, cy] = args;
    } else if (command === 'lineTo') line(args[0], args[1]);
    else if (command === 'quadraticCurveTo') {
      const [x0, y0] = [cx, cy];
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        line(u * u * x0 + 2 * u * t * args[0] + t * t * args[2], u * u * y0 + 2 * u * t * args[1] + t * t * args[3]);
      }
    } else if (command === 'bezierCurveTo') {
      const [x0, y0] = [cx, cy];
      for (let i = 1; i <= STEPS; i++) {
        const t = i / STEPS;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const d = t * t * t;
        line(a * x0 + b * args[0] + c * args[2] + d * args[4], a * y0 + b * args[1] + c * args[3] + d * args[5]);
      }
    } else if (command === 'closePath') line(sx, sy);
  }
  if (cx !== sx || cy !== sy) line(sx, sy);
  return edges;
}

/** Width in pixels of a line of text at a font size. */
export function textWidth(font: fontkit.Font, text: string, size: number): number {
  return font.layout(text).advanceWidth * (size / font.unitsPerEm);
}

/** Closing punctuation never starts a line (it stays with the character before it). */
const NO_LINE_START = new Set(Array.from('）」』】》，。、；：！？…)]},.;:!?'));

/** Breaks text into lines no wider than `maxWidth` (character by character: Chinese has no spaces). */
export function wrapText(font: fontkit.Font, text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const ch of Array.from(text)) {
    if (current && !NO_LINE_START.has(ch) && textWidth(font, current + ch, size) > maxWidth) {
      lines.push(current);
      current = '';
      if (lines.length === maxLines) break;
    }
    current += ch;
  }
  if (lines.length < maxLines && current) lines.push(current);
  else if (lines.length === maxLines && current) lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, -1)}…`;
  return lines;
}

/** Fills one line of text with its left end at x and its baseline at y, in an RGB colour. */
export function drawText(
  canvas: Canvas,
  font: fontkit.Font,
  text: string,
  size: number,
  x: number,
  y: number,
  rgb: [number, number, number],
): void {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  const edges: Edge[] = [];
  let pen = x;
  run.glyphs.forEach((glyph, i) => {
    edges.push(...glyphEdges(glyph, scale, pen, y));
    pen += run.positions[i].xAdvance * scale;
  });
  if (!edges.length) return;
  const top = Math.max(0, Math.floor(Math.min(...edges.map((e) => Math.min(e.y0, e.y1)))));
  const bottom = Math.min(canvas.height - 1, Math.ceil(Math.max(...edges.map((e) => Math.max(e.y0, e.y1)))));
  const left = Math.max(0, Math.floor(x));
  const right = Math.min(canvas.width - 1, Math.ceil(pen));
  const w = right - left + 1;
  const coverage = new Float32Array(w);
  for (let row = top; row <= bottom; row++) {
    coverage.fill(0);
    for (let s = 0; s < SS; s++) {
      const sy = row + (s + 0.5) / SS;
      const hits: { x: number; dir: number }[] = [];
      for (const e of edges) {
        const lo = Math.min(e.y0, e.y1);
        const hi = Math.max(e.y0, e.y1);
        if (sy < lo || sy >= hi) continue;
        hits.push({ x: e.x0 + ((sy - e.y0) / (e.y1 - e.y0)) * (e.x1 - e.x0), dir: e.dir });
      }
      hits.sort((a, b) => a.x - b.x);
      let winding = 0;
      for (let h = 0; h < hits.length - 1; h++) {
        winding += hits[h].dir;
        if (winding === 0) continue;
        // Coverage of [a, b) in sub-pixel columns.
        for (let sub = Math.ceil((hits[h].x - left) * SS - 0.5); (sub + 0.5) / SS + left < hits[h + 1].x; sub++) {
          const col = Math.floor(sub / SS);
          if (col >= 0 && col < w) coverage[col] += 1 / (SS * SS);
        }
      }
    }
    for (let col = 0; col < w; col++) {
      const a = Math.min(1, coverage[col]);
      if (a <= 0) continue;
      const i = (row * canvas.width + left + col) * 4;
      for (let c = 0; c < 3; c++) canvas.data[i + c] = Math.round(canvas.data[i + c] * (1 - a) + rgb[c] * a);
    }
  }
}

/** Fills a rectangle with an RGB colour. */
export function fillRect(
  canvas: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  rgb: [number, number, number],
): void {
  for (let row = Math.max(0, y); row < Math.min(canvas.height, y + h); row++)
    for (let col = Math.max(0, x); col < Math.min(canvas.width, x + w); col++) {
      const i = (row * canvas.width + col) * 4;
      canvas.data[i] = rgb[0];
      canvas.data[i + 1] = rgb[1];
      canvas.data[i + 2] = rgb[2];
      canvas.data[i + 3] = 255;
    }
}
