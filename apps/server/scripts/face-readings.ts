import { analyseFrames, stopFaceEngine } from '../src/modules/system/face/face-engine.js';
import { sampleFace, VLADO } from '../src/modules/system/face/face-samples.js';
const tiles = [...VLADO.map(([r, c]) => [r, c] as [number, number]), [2, 1] as [number, number]];
for (const flip of [false, true]) {
  const res = await analyseFrames(tiles.map(([r, c]) => sampleFace(r, c, { flip })));
  res.forEach((f, i) => console.log(JSON.stringify({ tile: tiles[i], flip, faces: f.faces, yaw: f.yaw?.toFixed(3), pitch: f.pitch?.toFixed(3), eyeOpen: f.eyeOpen?.toFixed(3), mouthOpen: f.mouthOpen?.toFixed(3), size: f.size })));
}
await stopFaceEngine();
