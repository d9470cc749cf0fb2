/**
 * Face pictures for tests and the threshold bench, cut from the one picture with many faces that
 * ships inside @vladmandic/human (assets/screenshot-facematch.jpg: a grid of 6 × 18 face crops
 * taken from photos of many people, the first row and a half one man, "vlado", the package's
 * author, in different photos). No npm package ships a labelled face data set; see docs/SECURITY.md.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';

const require = createRequire(import.meta.url);

function assetPath(): string {
  const dir = (require.resolve.paths('@vladmandic/human') ?? [])
    .map((d) => `${d}/@vladmandic/human/`)
    .find((d) => fs.existsSync(`${d}assets/screenshot-facematch.jpg`));
  if (!dir) throw new Error('@vladmandic/human assets are not installed');
  return `${dir}assets/screenshot-facematch.jpg`;
}

let grid: { width: number; height: number; data: Uint8Array } | null = null;
function loadGrid() {
  grid ??= jpeg.decode(fs.readFileSync(assetPath()), { useTArray: true, formatAsRGBA: true });
  return grid;
}

export const GRID_ROWS = 6;
export const GRID_COLS = 18;
const X0 = 0;
const Y0 = 284;
const PITCH_X = 106.67;
const PITCH_Y = 112.7;
const TILE = 104;

export interface SampleOptions {
  /** Mirror left-right (the head seems turned the other way). */
  flip?: boolean;
  /** Output size in pixels (square); the tile is scaled to it. */
  size?: number;
  /** Pixels of margin added around the tile (grey), like a camera frame with room around the face. */
  pad?: number;
  quality?: number;
}

/** The face tile at (row, col) of the grid as a JPEG. */
export function sampleFace(row: number, col: number, options: SampleOptions = {}): Buffer {
  const { flip = false, size = 208, pad = 48, quality = 90 } = options;
  const src = loadGrid();
  const sx = Math.round(X0 + col * PITCH_X);
  const sy = Math.round(Y0 + row * PITCH_Y);
  const out = size + 2 * pad;
  const data = Buffer.alloc(out * out * 4, 128);
  const scale = TILE / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const tx = Math.min(TILE - 1, Math.floor((flip ? size - 1 - x : x) * scale));
      const ty = Math.min(TILE - 1, Math.floor(y * scale));
      const si = ((sy + ty) * src.width + (sx + tx)) * 4;
      const di = ((y + pad) * out + (x + pad)) * 4;
      data[di] = src.data[si];
      data[di + 1] = src.data[si + 1];
      data[di + 2] = src.data[si + 2];
      data[di + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ width: out, height: out, data }, quality).data);
}

/** Tiles of the grid that show vlado (checked by eye), row-major [row, col]. */
export const VLADO: [number, number][] = [
  [0, 0],
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [0, 5],
  [0, 6],
  [0, 7],
  [0, 8],
];

/**
 * A camera-like scene as a JPEG: the given tiles side by side on a grey background (none: an empty
 * desk), `width` × `height` pixels. The demo's snapshots and the proctoring tests use it.
 */
export function sampleScene(tiles: [number, number][], width = 320, height = 240, quality = 70): Buffer {
  const src = loadGrid();
  const data = Buffer.alloc(width * height * 4, 128);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  const face = Math.min(height - 20, Math.floor((width - 20) / Math.max(1, tiles.length)) - 10);
  tiles.forEach(([row, col], n) => {
    const ox = Math.round(((n + 0.5) * width) / tiles.length - face / 2);
    const oy = Math.round((height - face) / 2);
    const sx = Math.round(X0 + col * PITCH_X);
    const sy = Math.round(Y0 + row * PITCH_Y);
    for (let y = 0; y < face; y++)
      for (let x = 0; x < face; x++) {
        const si = ((sy + Math.floor((y * TILE) / face)) * src.width + sx + Math.floor((x * TILE) / face)) * 4;
        const di = ((oy + y) * width + ox + x) * 4;
        data[di] = src.data[si];
        data[di + 1] = src.data[si + 1];
        data[di + 2] = src.data[si + 2];
      }
  });
  return Buffer.from(jpeg.encode({ width, height, data }, quality).data);
}
