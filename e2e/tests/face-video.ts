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
import { rgbaToI420, y4mHeader } from './y4m';

const W = 640;
const H = 480;
const FPS = 4;

/** The picture centred on a 640×480 grey frame, as RGBA. */
function onGrey(img: { width: number; height: number; data: Uint8Array }): Buffer {
  const data = Buffer.alloc(W * H * 4, 110);
  const ox = Math.floor((W - img.width) / 2);
  const oy = Math.floor((H - img.height) / 2);
  for (let y = 0; y < img.height; y++)
    data.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((oy + y) * W + ox) * 4);
  return data;
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
      const frame = Buffer.concat([Buffer.from('FRAME\n'), rgbaToI420(onGrey(img), W, H)]);
      frames.push(frame, frame); // half a second per picture
    }
  fs.writeFileSync(file, Buffer.concat([Buffer.from(y4mHeader(W, H, FPS)), ...frames]));
  return file;
}
