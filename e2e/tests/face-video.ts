/**
 * A camera video for Chromium's fake capture device (`--use-file-for-fake-video-capture`): a Y4M
 * file of face pictures that ship inside @vladmandic/human (one man in three photos, each beside
 * its mirror image: a head turning left and right), so the browser's camera shows a real face.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { sampleFace } from '../../apps/server/src/modules/system/face/face-samples';

const W = 640;
const H = 480;
const FPS = 4;

function toI420(rgba: Uint8Array, ox: number, oy: number, fw: number, fh: number): Buffer {
  const y = Buffer.alloc(W * H, 110);
  const u = Buffer.alloc((W / 2) * (H / 2), 128);
  const v = Buffer.alloc((W / 2) * (H / 2), 128);
  for (let j = 0; j < fh; j++)
    for (let i = 0; i < fw; i++) {
      const s = (j * fw + i) * 4;
      const [r, g, b] = [rgba[s], rgba[s + 1], rgba[s + 2]];
      const px = ox + i;
      const py = oy + j;
      y[py * W + px] = Math.max(0, Math.min(255, 0.299 * r + 0.587 * g + 0.114 * b));
      if (px % 2 === 0 && py % 2 === 0) {
        const c = (py / 2) * (W / 2) + px / 2;
        u[c] = Math.max(0, Math.min(255, 128 - 0.168736 * r - 0.331264 * g + 0.5 * b));
        v[c] = Math.max(0, Math.min(255, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b));
      }
    }
  return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
}

/** Writes the video once per process and answers its path. */
export function faceVideo(): string {
  const file = path.join(os.tmpdir(), `face-e2e-${process.pid}.y4m`);
  if (fs.existsSync(file)) return file;
  const frames: Buffer[] = [];
  for (const col of [0, 1, 2])
    for (const flip of [false, true]) {
      const img = jpeg.decode(sampleFace(0, col, { flip, size: 260, pad: 40 }), {
        useTArray: true,
        formatAsRGBA: true,
      });
      const frame = toI420(img.data, (W - img.width) / 2, (H - img.height) / 2, img.width, img.height);
      frames.push(frame, frame); // half a second per picture
    }
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`), ...frames]));
  return file;
}
