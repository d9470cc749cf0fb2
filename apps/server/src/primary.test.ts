import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseWorkers } from './platform/config.js';
import { workersRefusal } from './primary.js';

describe('WORKERS', () => {
  it('is one process unless asked; auto is one per core; a typo stops the start', () => {
    expect(parseWorkers(undefined)).toBe(1);
    expect(parseWorkers('')).toBe(1);
    expect(parseWorkers('auto')).toBe(os.availableParallelism());
    expect(parseWorkers(' 3 ')).toBe(3);
    expect(parseWorkers('1000')).toBe(64);
    for (const bad of ['0', '-2', '1.5', 'many']) expect(() => parseWorkers(bad)).toThrow(/WORKERS 应为正整数或 auto/);
    expect(loadConfig({ WORKERS: '2' }).workers).toBe(2);
  });

  it('keeps tokens 60 s in memory unless AUTH_CACHE_SECONDS says otherwise', () => {
    expect(loadConfig({}).authCacheMs).toBe(60_000);
    expect(loadConfig({ AUTH_CACHE_SECONDS: '0' }).authCacheMs).toBe(0);
    expect(loadConfig({ AUTH_CACHE_SECONDS: '5' }).authCacheMs).toBe(5000);
  });

  it('refuses several workers without PostgreSQL or without Redis, with the reason', () => {
    const pg = 'postgres://x@127.0.0.1/db';
    const redis = 'redis://127.0.0.1:6379';
    expect(workersRefusal({ workers: 1, databaseUrl: null, redisUrl: null })).toBeNull();
    expect(workersRefusal({ workers: 2, databaseUrl: null, redisUrl: redis })).toContain('DATABASE_URL');
    expect(workersRefusal({ workers: 2, databaseUrl: pg, redisUrl: null })).toContain('REDIS_URL');
    expect(workersRefusal({ workers: 2, databaseUrl: pg, redisUrl: redis })).toBeNull();
  });
});
