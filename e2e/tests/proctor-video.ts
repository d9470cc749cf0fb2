/**
 * Camera videos of remote proctoring for Chromium's fake capture device
 * (`--use-file-for-fake-video-capture`): Y4M files of the face pictures the server's tests use
 * (face-samples.ts: the VLADO tiles are one man, the other tiles other people), each 640×480 with
 * the face centred on a plain grey background. Chromium loops the
 * file, so a 2-second video plays for as long as the test needs.
 *
 * Which tile is "frontal" and which flip is "turned to his left" was measured with the server's
 * engine (bench/face-pose.ts prints yaw, pitch and eye openness of every tile and of every video's
 * frames), not read off the pictures; the readings are in that script's header.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { sampleFace } from '../../apps/server/src/modules/system/face/face-samples';
import { greyLuma, rgbaToI420, y4mHeader } from './y4m';

export const VIDEO_W = 640;
export const VIDEO_H = 480;
/**
 * Two frames a second, one second per pose. The check page takes a frame every 380 ms, so a step's
 * six frames span both poses of the 2-second cycle.
 */
export const VIDEO_FPS = 2;
/**
 * Frames of the file of a video that moves: 64 s before Chromium loops it. Every frame carries its
 * number as a code in the corner (see frameJpeg), so no two frames a learner's checks capture within
 * 64 s are the same bytes: the server refuses frames it has seen in an earlier step or check as a
 * replay, and a looping file would otherwise repeat them (a real camera never does).
 */
const LOOP_FRAMES = 128;
const BACKGROUND = 128; // the grey of face-samples' padding: the tile's margin melts into the frame

/** One face in a frame: a tile of the grid, mirrored or not, at a size (its left edge: centred if absent). */
interface Placed {
  row: number;
  col: number;
  flip: boolean;
  size: number;
  x?: number;
}
/** A frame is the faces in it (none: background only). */
export type Frame = Placed[];

/**
 * The tiles, from bench/face-pose.ts's readings (yaw in radians, the faces 320 px on the 640×480
 * frame, read both as drawn and as the check page sends them: 480 px wide, JPEG quality 0.8).
 * No VLADO tile is fully frontal (|yaw| 0.07-0.33 depending on the scale). The engine reads a face
 * whose nose points to the right of the unmirrored picture as a NEGATIVE yaw (tile 0,7: −0.32;
 * other person 3,11 mirrored, a clear profile facing right: −0.52). A learner turning to their own
 * left turns their nose to the right of the camera's unmirrored picture (the camera sees them as a
 * person facing them does), so his left turn is a falling yaw: "frontal" is 0,8 mirrored (+0.09)
 * and "turned left" 0,7 (−0.32); turnRight is the same video mirrored (−0.10 then +0.29).
 * Another person: tile 5,12 (yaw 0.04) then 5,3 (−0.41), two photos the engine reads as one person
 * (cosine 0.67) and not as the man (0.31-0.34, the match needs 0.6).
 */
export const POSES = {
  frontal: { row: 0, col: 8, flip: true },
  left: { row: 0, col: 7, flip: false },
  frontalMirrored: { row: 0, col: 8, flip: false },
  right: { row: 0, col: 7, flip: true },
  otherFrontal: { row: 5, col: 12, flip: false },
  otherLeft: { row: 5, col: 3, flip: false },
  /** A second, different person (yaw 0.01) beside the man in twoFaces. */
  secondFace: { row: 2, col: 0, flip: false },
} as const;

/**
 * The face's side in the 640×480 frame: 320 px gives the clearest turn (0,7 reads −0.25 at 240-280
 * px, −0.32 at 320) and stays 240 px in the check page's 480 px frames.
 */
const FACE = 320;
const one = (p: { row: number; col: number; flip: boolean }): Frame => [{ ...p, size: FACE }];
const times = (n: number, f: Frame): Frame[] => Array.from({ length: n }, () => f);

/**
 * The videos' cycles: 1 s of one pose then 1 s of the other, repeated to LOOP_FRAMES in the file
 * (still: the one frontal picture, unmoving, for as long); noFace and twoFaces are one frame (the
 * room's snapshots have no replay check).
 */
export const VIDEOS = {
  turnLeft: [...times(2, one(POSES.frontal)), ...times(2, one(POSES.left))],
  turnRight: [...times(2, one(POSES.frontalMirrored)), ...times(2, one(POSES.right))],
  still: [one(POSES.frontal)],
  otherPerson: [...times(2, one(POSES.otherFrontal)), ...times(2, one(POSES.otherLeft))],
  noFace: [[]],
  twoFaces: [
    [
      { ...POSES.frontal, size: 240, x: 50 },
      { ...POSES.secondFace, size: 240, x: 350 },
    ],
  ],
} satisfies Record<string, Frame[]>;
export type VideoName = keyof typeof VIDEOS;

/**
 * One frame of a video as 640×480 RGBA. `mark` (24 bits) is drawn as a row of 24 black or white
 * 12 px squares in the top-left corner, far from the face: frames must differ byte for byte even
 * after the browser scales and re-encodes them (the server refuses frames it has seen as a replay).
 */
function frameRgba(frame: Frame, mark?: number): Buffer {
  const data = Buffer.alloc(VIDEO_W * VIDEO_H * 4, BACKGROUND);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  if (mark !== undefined)
    for (let bit = 0; bit < 24; bit++) {
      const level = markLevel(mark, bit);
      for (let y = MARK_TOP; y < MARK_TOP + MARK_SIDE; y++)
        for (let x = markLeft(bit); x < markLeft(bit) + MARK_SIDE; x++)
          data.fill(level, (y * VIDEO_W + x) * 4, (y * VIDEO_W + x) * 4 + 3);
    }
  for (const face of frame) {
    const tile = jpeg.decode(sampleFace(face.row, face.col, { flip: face.flip, size: face.size, pad: 0 }), {
      useTArray: true,
      formatAsRGBA: true,
    });
    const ox = face.x ?? Math.round((VIDEO_W - tile.width) / 2);
    const oy = Math.round((VIDEO_H - tile.height) / 2);
    for (let y = 0; y < tile.height; y++) {
      const src = y * tile.width * 4;
      data.set(tile.data.subarray(src, src + tile.width * 4), ((oy + y) * VIDEO_W + ox) * 4);
    }
  }
  return data;
}
const MARK_TOP = 4;
const MARK_SIDE = 12;
const markLeft = (bit: number) => 4 + bit * MARK_SIDE;
const markLevel = (mark: number, bit: number) => ((mark >> bit) & 1 ? 240 : 16);

/** One frame of a video as a 640×480 JPEG (what the API tests' frames are); `mark`: see frameRgba. */
export function frameJpeg(frame: Frame, quality = 92, mark?: number): Buffer {
  return Buffer.from(jpeg.encode({ width: VIDEO_W, height: VIDEO_H, data: frameRgba(frame, mark) }, quality).data);
}

/** The JPEG frames of a video, in order (bench/face-pose.ts analyses them); `mark`: see frameRgba. */
export function videoFrames(name: VideoName, mark?: number): Buffer[] {
  return VIDEOS[name].map((f, i) => frameJpeg(f, 92, mark === undefined ? undefined : mark + i));
}

/**
 * Writes a copy of the video as a Y4M file and answers its path; the caller removes it. Each copy
 * numbers its frames from a random start: the server's replay check spans every learner of an
 * exam (and every sign-in of a user), so two browsers playing the same video must not send the
 * same bytes. Each pose is converted once and each frame gets only its mark drawn into the luma
 * (the squares sit on whole 2×2 chroma blocks of the grey background, whose chroma is neutral):
 * 128 JPEGs through ffmpeg took 7 s of the test worker's CPU per camera.
 */
export function proctorVideo(name: VideoName): string {
  const start = Math.floor(Math.random() * 0xffffff);
  const file = path.join(os.tmpdir(), `proctor-e2e-${process.pid}-${name}-${start}.y4m`);
  const cycle: Frame[] = VIDEOS[name];
  const count = cycle.length === 1 && name !== 'still' ? 1 : LOOP_FRAMES;
  const poses = new Map<Frame, Buffer>();
  const fd = fs.openSync(`${file}.part`, 'w');
  try {
    fs.writeSync(fd, y4mHeader(VIDEO_W, VIDEO_H, VIDEO_FPS));
    for (let i = 0; i < count; i++) {
      const pose = cycle[i % cycle.length];
      if (!poses.has(pose)) poses.set(pose, rgbaToI420(frameRgba(pose), VIDEO_W, VIDEO_H));
      const planes = Buffer.from(poses.get(pose) as Buffer);
      if (count > 1) {
        const mark = (start + i) & 0xffffff;
        for (let bit = 0; bit < 24; bit++) {
          const level = greyLuma(markLevel(mark, bit));
          for (let y = MARK_TOP; y < MARK_TOP + MARK_SIDE; y++)
            planes.fill(level, y * VIDEO_W + markLeft(bit), y * VIDEO_W + markLeft(bit) + MARK_SIDE);
        }
      }
      fs.writeSync(fd, 'FRAME\n');
      fs.writeSync(fd, planes);
    }
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(`${file}.part`, file);
  return file;
}

/** Chromium's arguments for a camera that plays the video. */
export function fakeCameraArgs(video: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ];
}
