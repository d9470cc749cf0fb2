/**
 * `npm run live:server`: starts the live-class media server on this machine (issue 27 §3): Debian's
 * nginx with libnginx-mod-rtmp, configured by the product (apps/server/src/modules/live/nginx-conf.ts)
 * under a folder of its own, in the foreground (Ctrl+C or SIGTERM stops it).
 *
 * Settings (the same environment as the product's):
 *   LIVE_DIR          folder for the config, logs and HLS segments (default <DATA_DIR or ./data>/live)
 *   LIVE_RECORD_DIR   recordings for the replays (default <LIVE_DIR>/rec); the product reads them
 *   LIVE_RTMP_PORT    RTMP port lecturers push to (default 1935)
 *   LIVE_HLS_PORT     HTTP port serving /hls/ (default 8088)
 *   LIVE_PRODUCT_URL  the product as nginx reaches it (default http://127.0.0.1:<PORT or 3000>)
 *   LIVE_HOOK_SECRET  sent with every callback; the product checks it
 * The product then needs LIVE_RTMP_URL, LIVE_HLS_URL, LIVE_HOOK_SECRET and LIVE_RECORD_DIR: this
 * script prints them.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nginxConf } from '../apps/server/src/modules/live/nginx-conf.js';

const env = process.env;
const prefix = path.resolve(env.LIVE_DIR ?? path.join(env.DATA_DIR ?? './data', 'live'));
const recordDir = path.resolve(env.LIVE_RECORD_DIR ?? path.join(prefix, 'rec'));
const rtmpPort = Number(env.LIVE_RTMP_PORT ?? 1935);
const hlsPort = Number(env.LIVE_HLS_PORT ?? 8088);
const productUrl = env.LIVE_PRODUCT_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`;
const hookSecret = env.LIVE_HOOK_SECRET ?? null;

if (spawnSync('nginx', ['-v']).error) {
  console.error(
    '找不到 nginx：请先安装 Debian 的 nginx 与 libnginx-mod-rtmp（apt-get install -y nginx libnginx-mod-rtmp）',
  );
  process.exit(1);
}
const pidFile = path.join(prefix, 'nginx.pid');
const running = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : 0;
if (running > 0 && isAlive(running)) {
  console.error(`直播服务器已在运行（nginx 主进程 ${running}，目录 ${prefix}）；请先停止它（kill -QUIT ${running}）`);
  process.exit(1);
}
for (const dir of ['logs', 'hls', 'tmp']) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
fs.mkdirSync(recordDir, { recursive: true });
const conf = path.join(prefix, 'nginx.conf');
const user = process.getuid?.() === 0 ? 'root' : null;
fs.writeFileSync(conf, nginxConf({ prefix, recordDir, rtmpPort, hlsPort, productUrl, hookSecret, user }));

const host = env.LIVE_PUBLIC_HOST ?? '127.0.0.1';
console.log(`直播服务器：RTMP rtmp://${host}:${rtmpPort}/live  HLS http://${host}:${hlsPort}/hls`);
console.log('产品需要的环境变量：');
console.log(`  LIVE_RTMP_URL=rtmp://${host}:${rtmpPort}/live`);
console.log(`  LIVE_HLS_URL=http://${host}:${hlsPort}/hls`);
console.log(`  LIVE_RECORD_DIR=${recordDir}`);
if (hookSecret) console.log('  LIVE_HOOK_SECRET=<与本进程相同>');

const nginx = spawn(
  'nginx',
  ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'logs/error.log'), '-g', 'daemon off;'],
  {
    stdio: 'inherit',
  },
);
const stop = () => nginx.kill('SIGQUIT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
nginx.on('exit', (code) => process.exit(code ?? 0));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
