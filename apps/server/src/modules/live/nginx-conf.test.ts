import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The site's nginx of docs/DEPLOY.md, as the cluster script generates it.
import { nginxConfig } from '../../../../../scripts/cluster-local.mjs';
import { liveStartRefusal } from './live-settings.js';
import { nginxConf } from './nginx-conf.js';

const base = {
  prefix: '/srv/live',
  recordDir: '/srv/live/rec',
  rtmpPort: 19350,
  hlsPort: 18350,
  productUrl: 'http://127.0.0.1:8331/',
};

describe('nginxConf', () => {
  it('points the callbacks at the product with the secret, and keeps every path under the prefix', () => {
    const conf = nginxConf({ ...base, hookSecret: 'a b&c-0123456789abcdef' });
    expect(conf).toContain(
      'on_publish "http://127.0.0.1:8331/api/live/hook/publish?secret=a+b%26c-0123456789abcdef&relay=rtmp%3A%2F%2F127.0.0.1%3A19350%2Fhls";',
    );
    expect(conf).toContain(
      'on_record_done "http://127.0.0.1:8331/api/live/hook/record-done?secret=a+b%26c-0123456789abcdef";',
    );
    expect(conf).toMatch(/application hls \{\s+live on;\s+allow publish 127\.0\.0\.1;\s+deny publish all;/);
    expect(conf).toContain('listen 19350;');
    expect(conf).toContain('listen 18350;');
    expect(conf).toContain('record_path "/srv/live/rec";');
    expect(conf).not.toMatch(/\buser\b/);
    expect(conf).not.toContain('proxy_pass'); // the public HLS server never reaches the product
    const paths = [...conf.matchAll(/"(\/[^"]*)"/g)].map((m) => m[1]).filter((x) => !x.startsWith('/api'));
    expect(paths.every((x) => x.startsWith('/srv/live/'))).toBe(true);
  });

  it('is never generated without a hook secret, and the product refuses to start with the media server but no secret', () => {
    expect(() => nginxConf({ ...base, hookSecret: '' })).toThrow(/hook secret/);
    expect(() => nginxConf({ ...base, hookSecret: 'short' })).toThrow(/hook secret/);
    const urls = { LIVE_RTMP_URL: 'rtmp://h/live', LIVE_HLS_URL: 'http://h/hls' };
    expect(liveStartRefusal(urls)).toContain('LIVE_HOOK_SECRET');
    expect(liveStartRefusal({ ...urls, LIVE_HOOK_SECRET: 'short' })).toContain('LIVE_HOOK_SECRET');
    expect(liveStartRefusal({ ...urls, LIVE_HOOK_SECRET: '0123456789abcdef' })).toBeNull();
    expect(liveStartRefusal({})).toBeNull(); // no live classes: nothing to protect
  });
});

const NGINX = '/usr/sbin/nginx';

/** A free loopback port (taken and given back). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

describe.skipIf(!fs.existsSync(NGINX))("the site's nginx in front of the product (scripts/cluster-local.mjs)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-nginx-'));
  const reached: string[] = [];
  const upstream = http.createServer((req, res) => {
    reached.push(String(req.url));
    res.end('upstream');
  });
  let nginx: ChildProcess;
  let front = '';

  beforeAll(async () => {
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const { port } = upstream.address() as AddressInfo;
    const listen = await freePort();
    for (const sub of ['logs', 'tmp']) fs.mkdirSync(path.join(dir, sub));
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig({ listen, upstreams: [`127.0.0.1:${port}`], prefix: dir }));
    const args = ['-c', conf, '-p', dir, '-e', path.join(dir, 'logs/nginx-error.log')];
    const test = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
    expect(test.status, test.stderr).toBe(0);
    nginx = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
    front = `http://127.0.0.1:${listen}`;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${front}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('nginx did not answer');
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx.once('exit', r));
      nginx.kill('SIGTERM');
      await gone;
    }
    await new Promise((r) => upstream.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes the API through but never the media server callbacks, however the path is spelt', async () => {
    expect((await fetch(`${front}/api/live/learn/list`, { method: 'POST' })).status).toBe(200);
    // raw requests: fetch would tidy the path before sending it
    const post = (url: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${front}${url}`,
          { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('name=play&path=/x.flv');
      });
    for (const url of [
      '/api/live/hook/publish?secret=x',
      '/api/live/hook/publish-done',
      '/api/live/hook/record-done',
      '//api/live//hook/record-done',
      '/api/live/%68ook/record-done',
      '/api/x/../live/hook/record-done',
    ])
      expect(await post(url), url).toBe(404);
    expect(reached).toContain('/api/live/learn/list');
    expect(reached.filter((u) => /hook/i.test(decodeURIComponent(u)))).toEqual([]);
  });
});
