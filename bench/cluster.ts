/**
 * Two built server instances behind Debian's nginx (the configuration of scripts/cluster-local.mjs)
 * with a redis-server of their own, on the run's PostgreSQL database: the arrangement of
 * docs/DEPLOY.md for `bench/exam-day.ts --cluster`. Each instance runs the paper sweep (main.ts).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import { nginxConfig } from '../scripts/cluster-local.mjs';
import { startBuiltServer } from './setup.js';

export interface BenchCluster {
  /** nginx's address: what the learners call. */
  front: string;
  instances: ChildProcess[];
  stop(): Promise<void>;
}

const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const REDIS = '/usr/bin/redis-server';

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

/** Ports: nginx `port`, Redis `port + 1`, instances `port + 11` and `port + 12`. */
export async function startCluster(port: number, env: Record<string, string>): Promise<BenchCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'exam-cluster-'));
  for (const sub of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, sub));
  const redis = spawn(REDIS, ['--port', String(port + 1), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const shared = { ...env, REDIS_URL: `redis://127.0.0.1:${port + 1}`, TRUST_PROXY: '1' };
  const instances: ChildProcess[] = [];
  // One after the other: the first start runs the start-up steps (the menu catalogue sync).
  for (const p of [port + 11, port + 12]) instances.push(await startBuiltServer(p, shared));
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxConfig({ listen: port, upstreams: [port + 11, port + 12].map((p) => `127.0.0.1:${p}`), prefix: dir }),
  );
  const args = ['-c', conf, '-p', dir, '-e', path.join(dir, 'logs/nginx-error.log')];
  const test = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx: ${test.stderr}`);
  const nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const front = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 40; i++) {
    try {
      if ((await fetch(`${front}/api/docs/json`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    front,
    instances,
    async stop() {
      for (const i of instances) await stopChild(i);
      await stopChild(nginx);
      await stopChild(redis, 'SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
