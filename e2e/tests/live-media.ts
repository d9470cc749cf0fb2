/**
 * The live-class media server of an e2e worker: nginx-rtmp started by the product's own
 * `scripts/live-server.ts` on ports derived from the worker's product port, and the LIVE_* settings
 * the product is started with (playwright.config.ts). Ports E2E_PORT+11000 (RTMP) and +10000 (HLS).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverDataDir, serverPort, serverUrl } from '../servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const LIVE_SECRET = 'e2e-live-hook-secret';
export const rtmpPort = (i: number) => serverPort(i) + 11_000;
export const hlsPort = (i: number) => serverPort(i) + 10_000;
const liveDir = (i: number) => `${serverDataDir(i)}-live`;

/** What the product of worker `i` is started with. */
export function liveEnv(i: number): Record<string, string> {
  return {
    LIVE_RTMP_URL: `rtmp://127.0.0.1:${rtmpPort(i)}/live`,
    LIVE_HLS_URL: `http://127.0.0.1:${hlsPort(i)}/hls`,
    LIVE_HOOK_SECRET: LIVE_SECRET,
    LIVE_RECORD_DIR: `${liveDir(i)}/rec`,
  };
}

/** Starts nginx for worker `i` and waits until its HLS port answers. */
export async function startMediaServer(i: number): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', path.join(root, 'scripts/live-server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      LIVE_DIR: liveDir(i),
      LIVE_RECORD_DIR: `${liveDir(i)}/rec`,
      LIVE_RTMP_PORT: String(rtmpPort(i)),
      LIVE_HLS_PORT: String(hlsPort(i)),
      LIVE_PRODUCT_URL: serverUrl(i),
      LIVE_HOOK_SECRET: LIVE_SECRET,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group: stopMediaServer ends npx, tsx and nginx together
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`live server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${hlsPort(i)}/hls/none.m3u8`).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 300));
  }
  await stopMediaServer(child);
  throw new Error('live server did not start');
}

/** Stops the media server started by startMediaServer (the whole process group). */
export async function stopMediaServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const done = exited(child);
  process.kill(-child.pid, 'SIGTERM');
  await done;
}

/** Pushes a generated test pattern (with a tone) to the worker's media server under `key`. */
export function pushTestPattern(i: number, key: string): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-c:a', 'aac'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort(i)}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
}

/** Resolves with the exit code once the process has ended. */
export const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once('exit', (code) => r(code)));
