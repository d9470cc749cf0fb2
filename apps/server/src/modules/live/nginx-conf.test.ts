import { describe, expect, it } from 'vitest';
import { nginxConf } from './nginx-conf.js';

describe('nginxConf', () => {
  it('points the callbacks at the product with the secret, and keeps every path under the prefix', () => {
    const conf = nginxConf({
      prefix: '/srv/live',
      recordDir: '/srv/live/rec',
      rtmpPort: 19350,
      hlsPort: 18350,
      productUrl: 'http://127.0.0.1:8331/',
      hookSecret: 'a b&c',
    });
    expect(conf).toContain(
      'on_publish "http://127.0.0.1:8331/api/live/hook/publish?secret=a+b%26c&relay=rtmp%3A%2F%2F127.0.0.1%3A19350%2Fhls";',
    );
    expect(conf).toContain('on_record_done "http://127.0.0.1:8331/api/live/hook/record-done?secret=a+b%26c";');
    expect(conf).toMatch(/application hls \{\s+live on;\s+allow publish 127\.0\.0\.1;\s+deny publish all;/);
    expect(conf).toContain('listen 19350;');
    expect(conf).toContain('listen 18350;');
    expect(conf).toContain('record_path "/srv/live/rec";');
    expect(conf).not.toMatch(/\buser\b/);
    const paths = [...conf.matchAll(/"(\/[^"]*)"/g)].map((m) => m[1]).filter((x) => !x.startsWith('/api'));
    expect(paths.every((x) => x.startsWith('/srv/live/'))).toBe(true);
  });
});
