/** Opening the camera and taking JPEG frames from it (the challenge, the room's snapshots, the phone). */
import type { TFrameReading } from '@exam/contracts';
import type { FaceEngine } from './face-engine';

/** What to tell a learner whose camera did not open: what happened and how to allow it. */
export function cameraError(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return '摄像头权限被拒绝：请点击浏览器地址栏左侧的摄像头或锁形图标，将“摄像头”设为“允许”，然后刷新页面';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return '未找到可用的摄像头，请连接摄像头后刷新页面';
  if (name === 'NotReadableError') return '摄像头被其他程序占用，请关闭占用摄像头的程序后刷新页面';
  if (name === 'Unsupported') return '当前浏览器不支持摄像头，请使用最新版 Chrome、Edge 或 Safari 通过 HTTPS 访问';
  return '无法打开摄像头，请检查摄像头连接与浏览器权限后刷新页面';
}

export async function openCamera(facingMode: 'user' | 'environment' = 'user'): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no camera api'), { name: 'Unsupported' });
  return navigator.mediaDevices.getUserMedia({
    video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode },
    audio: false,
  });
}

export function stopStream(stream: MediaStream | null | undefined): void {
  if (stream) for (const t of stream.getTracks()) t.stop();
}

/** Size of a JPEG data URL's bytes (base64 is 4 characters for 3 bytes). */
export function dataUrlBytes(dataUrl: string): number {
  const b64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - pad;
}

export const JPEG_QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2];

/**
 * The best quality whose JPEG fits `maxBytes`, lowering it step by step; the smallest one tried
 * when none fits (the server refuses what is over its own larger limit).
 */
export function fitJpeg(encode: (quality: number) => string, maxBytes: number): string {
  let last = '';
  for (const q of JPEG_QUALITIES) {
    last = encode(q);
    if (dataUrlBytes(last) <= maxBytes) return last;
  }
  return last;
}

/** Draws the video on a canvas `width` px wide (its own aspect ratio kept). */
export function drawFrame(video: HTMLVideoElement, width: number, canvas = document.createElement('canvas')) {
  const vw = video.videoWidth || 640;
  const vh = video.videoHeight || 480;
  canvas.width = width;
  canvas.height = Math.round((width * vh) / vw);
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export const FRAME_COUNT = 6;
const FRAME_GAP_MS = 380;
/** Frames of a challenge step: 480 px wide, quality 0.8 (within 320-640 px and the 400 000 characters). */
const FRAME_WIDTH = 480;

export interface CapturedFrames {
  frames: string[];
  readings: TFrameReading[] | null;
}

/** FRAME_COUNT JPEG frames over about 2 s, with the engine's readings when it is loaded. */
export async function captureFrames(
  video: HTMLVideoElement,
  engine: FaceEngine | null,
  onFrame?: (taken: number) => void,
): Promise<CapturedFrames> {
  const frames: string[] = [];
  const readings: TFrameReading[] = [];
  let readingsOk = Boolean(engine);
  const canvas = document.createElement('canvas');
  for (let i = 0; i < FRAME_COUNT; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, FRAME_GAP_MS));
    drawFrame(video, FRAME_WIDTH, canvas);
    frames.push(canvas.toDataURL('image/jpeg', 0.8));
    if (engine && readingsOk) {
      const reading = await engine.read(canvas);
      if (reading) readings.push(reading);
      else readingsOk = false;
    }
    onFrame?.(i + 1);
  }
  // Readings go with every frame or not at all (the server pairs them with the frames).
  return { frames, readings: readingsOk && readings.length === frames.length ? readings : null };
}
