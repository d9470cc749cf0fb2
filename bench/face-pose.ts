/**
 * Head pose as the server's face engine reads it (apps/server/src/modules/system/face: the same
 * worker and models as the identity check), for choosing the proctoring e2e videos' tiles
 * (e2e/tests/proctor-video.ts) by measurement rather than by eye. A script, not a test:
 *
 *   npx tsx bench/face-pose.ts            # every VLADO tile plain and flipped, then every video's frames
 *   npx tsx bench/face-pose.ts --others   # also every tile of rows 2-5 (other people), plain and flipped
 *
 * Each tile is analysed as the videos show it: 320 px on a 640×480 grey frame. Prints faces, yaw,
 * pitch (radians), eye openness and the face box's size per frame; each video's frames also as the
 * check page sends them (scaled to 480 px wide, JPEG quality 0.8: camera.ts captureFrames), and
 * their similarity to the enrolled man (the mean of turnLeft's frames, as an enrolment stores it).
 */
import jpeg from 'jpeg-js';
import {
  analyseFrames,
  type FrameAnalysis,
  stopFaceEngine,
} from '../apps/server/src/modules/system/face/face-engine.js';
import { cosine, MATCH_THRESHOLD, meanDescriptor } from '../apps/server/src/modules/system/face/face-rules.js';
import { GRID_COLS, VLADO } from '../apps/server/src/modules/system/face/face-samples.js';
import { frameJpeg, VIDEOS, type VideoName, videoFrames } from '../e2e/tests/proctor-video.js';

const others = process.argv.includes('--others');
const f2 = (v: number | null | undefined) => (typeof v === 'number' ? v.toFixed(2).padStart(6) : '     -');
const line = (name: string, a: FrameAnalysis) =>
  `${name.padEnd(22)} faces ${a.faces}  yaw ${f2(a.yaw)}  pitch ${f2(a.pitch)}  eyeOpen ${f2(a.eyeOpen)}  size ${a.size?.toFixed(0) ?? '-'}`;

async function analyse(frames: Buffer[]): Promise<FrameAnalysis[]> {
  const out: FrameAnalysis[] = [];
  // one job at a time, 8 frames a job: the engine's queue refuses more than MAX_QUEUED_JOBS
  for (let i = 0; i < frames.length; i += 8) out.push(...(await analyseFrames(frames.slice(i, i + 8))));
  return out;
}

const tiles: { name: string; row: number; col: number; flip: boolean }[] = [];
for (const [row, col] of VLADO)
  for (const flip of [false, true]) tiles.push({ name: `vlado ${row},${col}${flip ? ' flip' : ''}`, row, col, flip });
if (others)
  for (let row = 2; row <= 5; row++)
    for (let col = 0; col < GRID_COLS; col++)
      for (const flip of [false, true])
        tiles.push({ name: `other ${row},${col}${flip ? ' flip' : ''}`, row, col, flip });

/** A frame as the check page sends it: scaled (bilinear) to `width` px wide, JPEG quality 0.8. */
function asSent(frame: Buffer, width = 480): Buffer {
  const src = jpeg.decode(frame, { useTArray: true, formatAsRGBA: true });
  const height = Math.round((width * src.height) / src.width);
  const out = Buffer.alloc(width * height * 4);
  const at = (x: number, y: number, c: number) => src.data[(y * src.width + x) * 4 + c];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.max(0, ((x + 0.5) * src.width) / width - 0.5);
      const sy = Math.max(0, ((y + 0.5) * src.height) / height - 0.5);
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [x1, y1] = [Math.min(src.width - 1, x0 + 1), Math.min(src.height - 1, y0 + 1)];
      const [fx, fy] = [sx - x0, sy - y0];
      for (let c = 0; c < 4; c++)
        out[(y * width + x) * 4 + c] =
          (at(x0, y0, c) * (1 - fx) + at(x1, y0, c) * fx) * (1 - fy) +
          (at(x0, y1, c) * (1 - fx) + at(x1, y1, c) * fx) * fy;
    }
  return Buffer.from(jpeg.encode({ width, height, data: out }, 80).data);
}

const started = Date.now();
const read = await analyse(tiles.map((t) => frameJpeg([{ row: t.row, col: t.col, flip: t.flip, size: 320 }])));
console.log('# tiles (320 px, centred on 640×480 grey)');
for (const [i, t] of tiles.entries()) console.log(line(t.name, read[i]));
// The enrolled face as an enrolment through turnLeft would store it: the mean of its frames.
const turnLeft = await analyse(videoFrames('turnLeft'));
const enrolled = meanDescriptor(turnLeft.map((a) => a.descriptor as number[]));
const sim = (a: FrameAnalysis) => (a.descriptor?.length ? cosine(a.descriptor, enrolled).toFixed(2) : '-');
for (const name of Object.keys(VIDEOS) as VideoName[]) {
  console.log(`# video ${name} (similarity: cosine to turnLeft's mean, match ≥ ${MATCH_THRESHOLD})`);
  const frames = name === 'turnLeft' ? turnLeft : await analyse(videoFrames(name));
  const sent = await analyse(videoFrames(name).map((f) => asSent(f)));
  for (const [i, a] of frames.entries()) {
    console.log(`${line(`${name} frame ${i}`, a)}  similarity ${sim(a)}`);
    console.log(`${line(`  as sent (480 px)`, sent[i])}  similarity ${sim(sent[i])}`);
  }
}
console.log(`# ${((Date.now() - started) / 1000).toFixed(0)} s`);
await stopFaceEngine();
