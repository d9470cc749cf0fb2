/**
 * Y4M for Chromium's fake capture device (`--use-file-for-fake-video-capture`): 4:2:0 frames in
 * BT.601's limited range, as ffmpeg converts RGB for yuv420p. The camera videos of face sign-in
 * (face-video.ts) and of remote proctoring (proctor-video.ts) are both written with it.
 */

/** The file's header; every frame after it is `FRAME\n` and the planes of `rgbaToI420`. */
export const y4mHeader = (width: number, height: number, fps: number) =>
  `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n`;

const clamp = (x: number) => Math.max(0, Math.min(255, Math.round(x)));
const luma = (r: number, g: number, b: number) => 16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255;

/** The luma of a grey RGB level (its chroma is neutral, 128). */
export const greyLuma = (level: number) => clamp(luma(level, level, level));

/** An RGBA picture (even width and height) as I420 planes, each chroma sample the mean of its 2×2 pixels. */
export function rgbaToI420(rgba: Uint8Array, width: number, height: number): Buffer {
  const cw = width / 2;
  const out = Buffer.alloc(width * height * 1.5);
  const u0 = width * height;
  const v0 = u0 + cw * (height / 2);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * 4;
      out[y * width + x] = clamp(luma(rgba[s], rgba[s + 1], rgba[s + 2]));
    }
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const s = ((y + dy) * width + x + dx) * 4;
        r += rgba[s] / 4;
        g += rgba[s + 1] / 4;
        b += rgba[s + 2] / 4;
      }
      const c = (y / 2) * cw + x / 2;
      out[u0 + c] = clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      out[v0 + c] = clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  return out;
}
