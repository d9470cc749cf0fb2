/**
 * Prints the server engine's readings (yaw, pitch, eye and mouth openness, face size) of the
 * sample faces (src/modules/system/face/face-samples.ts: the VLADO tiles and one other face, plain
 * and mirrored), the figures the challenge rules' thresholds and the sign of yaw were set from
 * (challenge-rules.ts). Run: `npx tsx apps/server/scripts/face-readings.ts`.
 */
import { analyseFrames, stopFaceEngine } from '../src/modules/system/face/face-engine.js';
import { sampleFace, VLADO } from '../src/modules/system/face/face-samples.js';

const tiles: [number, number][] = [...VLADO, [2, 1]];
const fixed = (v: number | null | undefined) => (typeof v === 'number' ? v.toFixed(3) : '-');
for (const flip of [false, true]) {
  const res = await analyseFrames(tiles.map(([r, c]) => sampleFace(r, c, { flip })));
  for (const [i, f] of res.entries()) {
    const [r, c] = tiles[i];
    console.log(
      `tile ${r},${c}${flip ? ' flip' : ''}: faces ${f.faces} yaw ${fixed(f.yaw)} pitch ${fixed(f.pitch)} eyeOpen ${fixed(f.eyeOpen)} mouthOpen ${fixed(f.mouthOpen)} size ${fixed(f.size)}`,
    );
  }
}
await stopFaceEngine();
