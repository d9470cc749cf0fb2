import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseWorkers } from './platform/config.js';
import { workersRefusal } from './primary.js';

describe('WORKERS', () => {
  it('is one process unless asked; auto is one per core; bad values fall back or are capped', () => {
    expect(parseWorkers(undefined)).toBe(1);
    expect(parseWorkers('auto')).toBe(os.availableParallelism());
    expect(parseWorkers('3')).toBe(3);
    expect(parseWorkers('0')).toBe(1);
    expect(parseWorkers('many')).toBe(1);
    expect(parseWorkers('1000')).toBe(64);
    expect(loadConfig({ WORKERS: '2' }).workers).toBe(2);
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
