import { describe, expect, it } from 'vitest';
import { cameraError, dataUrlBytes, fitJpeg, JPEG_QUALITIES } from './camera';
import { eyeOpenness, mouthOpenness, toReading } from './face-engine';

/** A stub encoder: a JPEG of `bytesAt(q)` bytes as a data URL, recording the qualities asked. */
function stub(bytesAt: (q: number) => number) {
  const asked: number[] = [];
  const encode = (q: number) => {
    asked.push(q);
    const n = bytesAt(q);
    const b64 = 'A'.repeat(Math.ceil(n / 3) * 4);
    return `data:image/jpeg;base64,${b64}`;
  };
  return { asked, encode };
}

describe('fitJpeg', () => {
  it('keeps the first quality that fits', () => {
    const { asked, encode } = stub(() => 12_000);
    expect(dataUrlBytes(fitJpeg(encode, 30 * 1024))).toBeLessThanOrEqual(30 * 1024);
    expect(asked).toEqual([0.8]);
  });

  it('lowers the quality until the image fits', () => {
    const { asked, encode } = stub((q) => Math.round(q * 60_000)); // 0.8 → 48 KB, 0.5 → 30 000 B
    const out = fitJpeg(encode, 30 * 1024);
    expect(asked).toEqual([0.8, 0.7, 0.6, 0.5]);
    expect(dataUrlBytes(out)).toBeLessThanOrEqual(30 * 1024);
  });

  it('gives the smallest tried when nothing fits', () => {
    const { asked, encode } = stub(() => 100_000);
    const out = fitJpeg(encode, 30 * 1024);
    expect(asked).toEqual(JPEG_QUALITIES);
    expect(dataUrlBytes(out)).toBeGreaterThan(30 * 1024);
  });

  it('counts base64 bytes with padding', () => {
    expect(dataUrlBytes('data:image/jpeg;base64,QUJD')).toBe(3);
    expect(dataUrlBytes('data:image/jpeg;base64,QUI=')).toBe(2);
    expect(dataUrlBytes('QQ==')).toBe(1);
  });
});

describe('face engine readings', () => {
  const mesh = () => Array.from({ length: 468 }, () => [0, 0]);
  it('eye and mouth openness from the mesh, as the server’s worker', () => {
    const m = mesh();
    // right eye: gap 159/145 = 4, width 33/133 = 20; left eye: gap 386/374 = 6, width 263/362 = 20
    m[159] = [10, 0];
    m[145] = [10, 4];
    m[33] = [0, 2];
    m[133] = [20, 2];
    m[386] = [50, 0];
    m[374] = [50, 6];
    m[263] = [40, 2];
    m[362] = [60, 2];
    expect(eyeOpenness(m)).toBeCloseTo((0.2 + 0.3) / 2);
    m[13] = [30, 50];
    m[14] = [30, 60];
    m[78] = [10, 55];
    m[308] = [50, 55];
    expect(mouthOpenness(m)).toBeCloseTo(10 / 40);
    expect(eyeOpenness(m.slice(0, 10))).toBeNull();
  });

  it('counts confident faces; a single face carries its angles, size and descriptor', () => {
    const face = (score: number) => ({
      score,
      box: [0, 0, 120, 100] as [number, number, number, number],
      mesh: mesh(),
      embedding: [0.1, 0.2],
      rotation: { angle: { yaw: 0.3, pitch: -0.1 } },
    });
    expect(toReading([])).toEqual({ faces: 0 });
    expect(toReading([face(0.9), face(0.8)])).toEqual({ faces: 2 });
    const one = toReading([face(0.9), face(0.2)]);
    expect(one).toMatchObject({ faces: 1, yaw: 0.3, pitch: -0.1, size: 100, descriptor: [0.1, 0.2] });
  });
});

describe('cameraError', () => {
  it('tells how to allow a refused camera', () => {
    expect(cameraError({ name: 'NotAllowedError' })).toContain('允许');
    expect(cameraError({ name: 'NotFoundError' })).toContain('未找到');
  });
});
