/**
 * `npm run live:server`: starts the live-class media server on this machine: Debian's
 * nginx with libnginx-mod-rtmp, configured by the product (apps/server/src/modules/live/nginx-conf.ts)
 * under a folder of its own, in the foreground (Ctrl+C or SIGTERM stops it).
 *
 * Settings (the same environment as the product's):
 *   LIVE_DIR          folder for the config, logs and HLS segments (default <DATA_DIR or ./data>/live)
 *   LIVE_RECORD_DIR   recordings for the replays (default <LIVE_DIR>/rec); the product reads them
 *   LIVE_RTMP_PORT    RTMP port lecturers push to (default 1935)
 *   LIVE_HLS_PORT     HTTP port serving /hls/ (default 8088)
 *   LIVE_PRODUCT_URL  the product as nginx reaches it (default http://127.0.0.1:<PORT or 3000>)
 *   LIVE_HOOK_SECRET  sent with every callback; the product checks it and answers no callback
 *                     without it. Unset: a random one is generated once into <LIVE_DIR>/hook-secret
 *                     (mode 600) and reused at every start.
 * The product then needs LIVE_RTMP_URL, LIVE_HLS_URL, LIVE_HOOK_SECRET and LIVE_RECORD_DIR: this
 * script prints them (the secret by the file that holds it, never in the log).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HOOK_SECRET_MIN } from '../apps/server/src/modules/live/live-settings.js';
import { nginxConf } from '../apps/server/src/modules/live/nginx-conf.js';

const env = process.env;
const prefix = path.resolve(env.LIVE_DIR ?? path.join(env.DATA_DIR ?? './data', 'live'));
const recordDir = path.resolve(env.LIVE_RECORD_DIR ?? path.join(prefix, 'rec'));
const rtmpPort = Number(env.LIVE_RTMP_PORT ?? 1935);
const hlsPort = Number(env.LIVE_HLS_PORT ?? 8088);
const productUrl = env.LIVE_PRODUCT_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`;
const secretFile = path.join(prefix, 'hook-secret');

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
const hookSecret = env.LIVE_HOOK_SECRET?.trim() || keptSecret();
if (hookSecret.length < HOOK_SECRET_MIN) {
  console.error(`LIVE_HOOK_SECRET 至少需要 ${HOOK_SECRET_MIN} 个字符（不设置则自动生成）`);
  process.exit(1);
}
fs.mkdirSync(recordDir, { recursive: true });
const conf = path.join(prefix, 'nginx.conf');
const user = process.getuid?.() === 0 ? 'root' : null;
// The config carries the secret (in the callback URLs): readable by this user only.
fs.writeFileSync(conf, nginxConf({ prefix, recordDir, rtmpPort, hlsPort, productUrl, hookSecret, user }), {
  mode: 0o600,
});
fs.chmodSync(conf, 0o600);

const host = env.LIVE_PUBLIC_HOST ?? '127.0.0.1';
console.log(`直播服务器：RTMP rtmp://${host}:${rtmpPort}/live  HLS http://${host}:${hlsPort}/hls`);
console.log('产品需要的环境变量：');
console.log(`  LIVE_RTMP_URL=rtmp://${host}:${rtmpPort}/live`);
console.log(`  LIVE_HLS_URL=http://${host}:${hlsPort}/hls`);
console.log(`  LIVE_RECORD_DIR=${recordDir}`);
console.log(
  env.LIVE_HOOK_SECRET?.trim()
    ? '  LIVE_HOOK_SECRET=<与本进程相同>'
    : `  LIVE_HOOK_SECRET=$(cat ${secretFile})   （已自动生成，保存在该文件中）`,
);

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

/** The secret generated at the first start under this folder, read back at the next ones. */
function keptSecret(): string {
  if (fs.existsSync(secretFile)) return fs.readFileSync(secretFile, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  fs.writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
