/** How many outbox batches run at once: OUTBOX_WORKERS on PostgreSQL, always one on PGlite. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { deliveryShape } from './install.js';

describe('outbox delivery shape', () => {
  it('reads OUTBOX_WORKERS within 1-8, three by default', () => {
    expect(loadConfig({}).outboxWorkers).toBe(3);
    expect(loadConfig({ OUTBOX_WORKERS: '1' }).outboxWorkers).toBe(1);
    expect(loadConfig({ OUTBOX_WORKERS: '50' }).outboxWorkers).toBe(8);
    expect(loadConfig({ OUTBOX_WORKERS: '0' }).outboxWorkers).toBe(3);
    expect(loadConfig({ OUTBOX_WORKERS: 'x' }).outboxWorkers).toBe(3);
  });

  it('runs one small batch at a time on PGlite, whatever is asked', () => {
    expect(deliveryShape('pglite', 6)).toEqual({ concurrency: 1, batchSize: 16 });
    expect(deliveryShape('pg', 2)).toEqual({ concurrency: 2, batchSize: 500 });
  });
});
