/**
 * Face login threshold: false-accept and false-reject rates of the face descriptor
 * comparison on the face pictures that ship inside @vladmandic/human, through the same worker and
 * rules as the server (apps/server/src/modules/system/face).
 *
 *   npx tsx bench/face-threshold.ts
 *
 * Genuine pairs: two different photos of the same man (the 9 "vlado" tiles of the grid, checked by
 * eye), and each tile against its mirror image. Impostor pairs: a vlado tile against every other
 * tile of the grid in rows 2-5 (other people). Also the 40 reference descriptors of
 * demo/facematch/faces.json (36 named people, made by the same faceres model).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { analyseFrames, stopFaceEngine } from '../apps/server/src/modules/system/face/face-engine.js';
import { cosine } from '../apps/server/src/modules/system/face/face-rules.js';
import { GRID_COLS, sampleFace, VLADO } from '../apps/server/src/modules/system/face/face-samples.js';

const key = (r: number, c: number) => `${r},${c}`;
const vlado = new Set(VLADO.map(([r, c]) => key(r, c)));
const tiles: { r: number; c: number; flip: boolean }[] = [];
for (const [r, c] of VLADO) tiles.push({ r, c, flip: false }, { r, c, flip: true });
for (let r = 2; r <= 5; r++) for (let c = 0; c < GRID_COLS; c++) tiles.push({ r, c, flip: false });

const started = Date.now();
const analysed = [];
for (let i = 0; i < tiles.length; i += 8)
  analysed.push(...(await analyseFrames(tiles.slice(i, i + 8).map((t) => sampleFace(t.r, t.c, { flip: t.flip })))));
const perFrameMs = (Date.now() - started) / tiles.length;
await stopFaceEngine();

const found = tiles.map((t, i) => ({ ...t, a: analysed[i] })).filter((t) => t.a.faces === 1 && t.a.descriptor?.length);
console.log(`frames ${tiles.length}, one face found in ${found.length}, ${perFrameMs.toFixed(0)} ms per frame`);
for (const t of found.filter((t) => vlado.has(key(t.r, t.c))))
  console.log(
    `vlado ${key(t.r, t.c)}${t.flip ? ' flipped' : ''}: yaw ${t.a.yaw?.toFixed(2)} eye ${t.a.eyeOpen?.toFixed(2)} size ${t.a.size?.toFixed(0)}`,
  );

const genuine: number[] = [];
const impostor: number[] = [];
for (let i = 0; i < found.length; i++)
  for (let j = i + 1; j < found.length; j++) {
    const a = found[i];
    const b = found[j];
    const aV = vlado.has(key(a.r, a.c));
    const bV = vlado.has(key(b.r, b.c));
    const s = cosine(a.a.descriptor as number[], b.a.descriptor as number[]);
    if (aV && bV) genuine.push(s);
    else if (aV !== bV) impostor.push(s);
  }

const require = createRequire(import.meta.url);
const faceDir = (require.resolve.paths('@vladmandic/human') ?? [])
  .map((d) => `${d}/@vladmandic/human/`)
  .find((d) => fs.existsSync(`${d}demo/facematch/faces.json`));
const db: { name: string; embedding: number[] }[] = faceDir
  ? JSON.parse(fs.readFileSync(`${faceDir}demo/facematch/faces.json`, 'utf8'))
  : [];
const refGenuine: number[] = [];
const refImpostor: number[] = [];
for (let i = 0; i < db.length; i++)
  for (let j = i + 1; j < db.length; j++)
    (db[i].name === db[j].name ? refGenuine : refImpostor).push(cosine(db[i].embedding, db[j].embedding));

const stats = (xs: number[]) =>
  xs.length ? `n ${xs.length}, min ${Math.min(...xs).toFixed(3)}, max ${Math.max(...xs).toFixed(3)}` : 'n 0';
console.log(`grid genuine: ${stats(genuine)}; impostor: ${stats(impostor)}`);
console.log(`faces.json genuine: ${stats(refGenuine)}; impostor: ${stats(refImpostor)}`);
console.log('threshold | grid FRR | grid FAR | faces.json FRR | faces.json FAR');
const rate = (xs: number[], f: (x: number) => boolean) =>
  xs.length ? `${((100 * xs.filter(f).length) / xs.length).toFixed(1)} % (${xs.filter(f).length}/${xs.length})` : '-';
for (let t = 0.3; t <= 0.901; t += 0.05) {
  console.log(
    `${t.toFixed(2)} | ${rate(genuine, (x) => x < t)} | ${rate(impostor, (x) => x >= t)} | ${rate(refGenuine, (x) => x < t)} | ${rate(refImpostor, (x) => x >= t)}`,
  );
}
