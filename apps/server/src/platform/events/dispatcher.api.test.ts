/**
 * The outbox and its dispatcher on the real database (PGlite, and PostgreSQL in server-pg):
 * publish joins the caller's transaction and fixes the event's consumers, every consumer gets each
 * event once, a failing consumer is retried without blocking the others and parked when its
 * attempts run out, and two dispatchers never handle one delivery twice. A dispatcher registers its
 * consumers as the process's subscribers, so each test creates its dispatcher before publishing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sysConfigItem, sysEvent, sysEventDelivery } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createDispatcher } from './dispatcher.js';
import { type AnyConsumer, defineConsumer, publish } from './index.js';
import { pagingFailedDeliveries, retryDeliveries } from './parked.js';

let t: TestApp;
const handled: string[] = [];

/** A consumer whose effect is a row in sys_config_item (title unique: a second run would fail). */
const recorder = (name: string): AnyConsumer =>
  defineConsumer<'notice.published'>({
    name,
    events: ['notice.published'],
    handle: async (event, db) => {
      await db.insert(sysConfigItem).values({ title: `ev-${name}-${event.payload.noticeId}`, value: event.id });
      handled.push(`${name}:${event.payload.noticeId}`);
    },
  });

const publishNotice = (noticeId: string) =>
  t.db.transaction((tx) => publish(tx, { name: 'notice.published', payload: { noticeId } }));

const effects = async (prefix: string) =>
  (
    await t.db
      .select()
      .from(sysConfigItem)
      .where(like(sysConfigItem.title, `${prefix}%`))
  )
    .map((r) => r.title)
    .sort();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // The app's own dispatcher would race these tests' dispatchers (and drop events it has no consumer for).
  await t.app.events.stop();
});
afterAll(() => t.close());
beforeEach(async () => {
  handled.length = 0;
  await t.db.delete(sysEvent);
});

describe('domain events', () => {
  it('publishes only with the committed change, and delivers each event to each consumer once', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, { name: 'notice.published', payload: { noticeId: 'rolled-back' } });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const d = createDispatcher(t.db, [recorder('a'), recorder('b')]);
    await publishNotice('n1');
    await publishNotice('n2');
    // The consumers are fixed at publish: one delivery row each, written with the event.
    expect((await t.db.select().from(sysEventDelivery)).map((r) => r.consumer).sort()).toEqual(['a', 'a', 'b', 'b']);
    expect((await t.db.select().from(sysEvent)).every((e) => e.fannedOut)).toBe(true);
    expect(await d.drain()).toBe(4);
    expect(await d.drain()).toBe(0);
    expect(await effects('ev-a-')).toEqual(['ev-a-n1', 'ev-a-n2']);
    expect(await effects('ev-b-')).toEqual(['ev-b-n1', 'ev-b-n2']);
    expect(handled.filter((h) => h.includes('rolled-back'))).toEqual([]);
    // Delivered rows are deleted, so the outbox stays small.
    expect(await t.db.select().from(sysEventDelivery)).toEqual([]);
    expect(await t.db.select().from(sysEvent)).toEqual([]);
  });

  it('retries a failing consumer with backoff without blocking the others, undoing its partial writes', async () => {
    let failuresLeft = 2;
    const flaky = defineConsumer({
      name: 'flaky',
      events: ['notice.published'],
      handle: async (event, db) => {
        await db.insert(sysConfigItem).values({ title: `ev-flaky-${event.payload.noticeId}` });
        if (failuresLeft-- > 0) throw new Error('下游暂不可用');
      },
    });
    const warnings: object[] = [];
    let delay = 60_000;
    const d = createDispatcher(t.db, [flaky, recorder('ok')], {
      backoffMs: () => delay,
      logger: { warn: (obj) => warnings.push(obj) },
    });
    await publishNotice('r1');
    expect(await d.drain()).toBe(1);
    expect(await effects('ev-ok-')).toEqual(['ev-ok-r1']);
    expect(await effects('ev-flaky-')).toEqual([]);
    const [row] = await t.db.select().from(sysEventDelivery).where(eq(sysEventDelivery.consumer, 'flaky'));
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('下游暂不可用');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(warnings).toHaveLength(1);
    // Not due yet: nothing happens.
    expect(await d.drain()).toBe(0);
    // Due again: the second failure, then the success.
    await t.db.update(sysEventDelivery).set({ nextAttemptAt: new Date(0) });
    delay = 0;
    expect(await d.drain()).toBe(1);
    expect(await effects('ev-flaky-')).toEqual(['ev-flaky-r1']);
    expect(await t.db.select().from(sysEvent)).toEqual([]);
  });

  it('lets two dispatchers share the work: each delivery is handled exactly once', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const counts = { one: 0, two: 0 };
    let twoHandled: () => void = () => undefined;
    const twoStarted = new Promise<void>((r) => {
      twoHandled = r;
    });
    let oneHandling: () => void = () => undefined;
    const oneStarted = new Promise<void>((r) => {
      oneHandling = r;
    });
    const counting = (who: 'one' | 'two') =>
      defineConsumer<'notice.published'>({
        name: 'count',
        events: ['notice.published'],
        handle: async (event, db) => {
          await db.insert(sysConfigItem).values({ title: `ev-count-${event.payload.noticeId}` });
          handled.push(event.payload.noticeId);
          counts[who]++;
          if (who === 'two') twoHandled();
          // On PostgreSQL the first dispatcher holds its first row until the second has handled
          // another one: both really run at once (PGlite serialises transactions, so not there).
          if (who === 'one' && counts.one === 1 && t.kind === 'pg') {
            oneHandling();
            await Promise.race([twoStarted, new Promise((r) => setTimeout(r, 5000))]);
          }
        },
      });
    const one = createDispatcher(t.db, [counting('one')], { batchSize: 5 });
    const two = createDispatcher(t.db, [counting('two')], { batchSize: 5, registerSubscribers: false });
    for (const id of ids) await publishNotice(id);
    const first = one.drain();
    if (t.kind === 'pg') await oneStarted;
    const [n1, n2] = await Promise.all([first, two.drain()]);
    expect(n1 + n2).toBe(40);
    expect(handled).toHaveLength(40);
    expect(new Set(handled).size).toBe(40);
    expect(await effects('ev-count-')).toHaveLength(40);
    expect(counts).toEqual({ one: n1, two: n2 });
    if (t.kind === 'pg') expect(n1 > 0 && n2 > 0).toBe(true);
  });

  it('stops after the batch at hand when the process stops, leaving the rest due in the outbox', async () => {
    let stopping: Promise<void> | null = null;
    const stopper = defineConsumer<'notice.published'>({
      name: 'stopper',
      events: ['notice.published'],
      handle: async (event, db) => {
        await db.insert(sysConfigItem).values({ title: `ev-stopper-${event.payload.noticeId}`, value: event.id });
        // SIGTERM arrives while the first batch is delivered.
        stopping ??= d.stop();
      },
    });
    const d = createDispatcher(t.db, [stopper], { batchSize: 5 });
    for (let i = 0; i < 20; i++) await publishNotice(`s${i}`);
    expect(await d.drain()).toBe(5);
    await stopping;
    expect(await effects('ev-stopper-')).toHaveLength(5);
    expect(await t.db.select().from(sysEventDelivery).where(eq(sysEventDelivery.consumer, 'stopper'))).toHaveLength(15);
    // The next start delivers them.
    const next = createDispatcher(t.db, [stopper], { batchSize: 5, registerSubscribers: false });
    expect(await next.drain()).toBe(15);
    expect(await effects('ev-stopper-')).toHaveLength(20);
  });

  it("delivers a kick from inside a request outside that request's async context", async () => {
    const request = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const watcher = defineConsumer<'notice.published'>({
      name: 'context-watcher',
      events: ['notice.published'],
      handle: async () => {
        seen.push(request.getStore());
      },
    });
    const d = createDispatcher(t.db, [watcher]);
    await publishNotice('ctx');
    request.run('the kicking request', () => d.kick());
    await expect.poll(() => seen.length).toBe(1);
    expect(seen).toEqual([undefined]);
    await d.stop();
  });

  it('writes nothing for an event nobody subscribes to', async () => {
    const d = createDispatcher(t.db, []);
    await publishNotice('nobody');
    expect(await t.db.select().from(sysEvent)).toEqual([]);
    expect(await d.drain()).toBe(0);
  });

  it('fans out an event published before any subscriber list, with the delivering consumers', async () => {
    await t.db.insert(sysEvent).values({ name: 'notice.published', payload: { noticeId: 'legacy' } });
    const d = createDispatcher(t.db, [recorder('fa')]);
    expect(await d.drain()).toBe(1);
    expect(await effects('ev-fa-')).toEqual(['ev-fa-legacy']);
    expect(await t.db.select().from(sysEvent)).toEqual([]);
  });

  it('leaves the rows of a consumer it does not know to an instance that knows it', async () => {
    const newer = createDispatcher(t.db, [recorder('ra'), recorder('rb')]);
    await publishNotice('rolling');
    // An older instance knows only 'ra': it delivers ra's row and neither skips nor deletes rb's.
    const older = createDispatcher(t.db, [recorder('ra')], { registerSubscribers: false });
    expect(await older.drain()).toBe(1);
    expect((await t.db.select().from(sysEventDelivery)).map((r) => [r.consumer, r.attempts])).toEqual([['rb', 0]]);
    expect(await t.db.select().from(sysEvent)).toHaveLength(1);
    expect(await newer.drain()).toBe(1);
    expect(await effects('ev-rb-')).toEqual(['ev-rb-rolling']);
    expect(await t.db.select().from(sysEvent)).toEqual([]);
  });

  it('delivers a batch with one failing row: the others commit, the failure is undone and recorded', async () => {
    const picky = defineConsumer<'notice.published'>({
      name: 'picky',
      events: ['notice.published'],
      handle: async (event, db) => {
        await db.insert(sysConfigItem).values({ title: `ev-picky-${event.payload.noticeId}` });
        if (event.payload.noticeId === 'b3') throw new Error('这一条有问题');
      },
    });
    const d = createDispatcher(t.db, [picky], { batchSize: 10, backoffMs: () => 60_000, logger: { warn: () => {} } });
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5']) await publishNotice(id);
    expect(await d.drain()).toBe(4);
    expect(await effects('ev-picky-')).toEqual(['ev-picky-b1', 'ev-picky-b2', 'ev-picky-b4', 'ev-picky-b5']);
    const left = await t.db.select().from(sysEventDelivery);
    expect(left.map((r) => [r.consumer, r.attempts, r.parkedAt])).toEqual([['picky', 1, null]]);
    expect(left[0].lastError).toContain('这一条有问题');
  });

  it('hands a consumer its events of a batch at once, and falls back to one by one when that fails', async () => {
    const batches: string[][] = [];
    const setBased = defineConsumer<'notice.published'>({
      name: 'set-based',
      events: ['notice.published'],
      handle: async (event, db) => {
        if (event.payload.noticeId === 's-bad') throw new Error('这一条有问题');
        await db.insert(sysConfigItem).values({ title: `ev-set-${event.payload.noticeId}` });
      },
      handleBatch: async (events, db) => {
        batches.push(events.map((e) => e.payload.noticeId));
        await db.insert(sysConfigItem).values(events.map((e) => ({ title: `ev-set-${e.payload.noticeId}` })));
        if (events.some((e) => e.payload.noticeId === 's-bad')) throw new Error('批量处理失败');
      },
    });
    const d = createDispatcher(t.db, [setBased, recorder('plain')], {
      batchSize: 20,
      maxAttempts: 2,
      backoffMs: () => 0,
      logger: { warn: () => {}, error: () => {} },
    });
    const good = ['s1', 's2', 's3', 's4', 's5'];
    for (const id of good) await publishNotice(id);
    expect(await d.drain()).toBe(10);
    // One call for the five events of the batch; the consumer without handleBatch got them one by one.
    expect(batches.map((b) => [...b].sort())).toEqual([good]);
    expect(await effects('ev-set-')).toEqual(good.map((id) => `ev-set-${id}`));
    expect(await effects('ev-plain-')).toEqual(good.map((id) => `ev-plain-${id}`));

    // A bad event in a batch: the batch's writes are undone, the others go through handle one by
    // one, and the bad one alone is retried, then parked.
    batches.length = 0;
    for (const id of ['s6', 's-bad', 's7']) await publishNotice(id);
    expect(await d.drain()).toBe(5);
    expect(batches.map((b) => [...b].sort())).toEqual([['s-bad', 's6', 's7']]);
    expect(await effects('ev-set-')).toEqual([...good, 's6', 's7'].map((id) => `ev-set-${id}`));
    const [failed] = await t.db.select().from(sysEventDelivery);
    expect([failed.consumer, failed.attempts, failed.parkedAt]).toEqual(['set-based', 1, null]);
    expect(await d.drain()).toBe(0);
    const [parked] = await t.db.select().from(sysEventDelivery);
    expect(parked.attempts).toBe(2);
    expect(parked.parkedAt).toBeInstanceOf(Date);
  });

  it('parks a delivery whose attempts ran out, and delivers it again once retried', async () => {
    let broken = true;
    const fragile = defineConsumer<'notice.published'>({
      name: 'fragile',
      events: ['notice.published'],
      handle: async (event, db) => {
        if (broken) throw new Error('下游一直不可用');
        await db.insert(sysConfigItem).values({ title: `ev-fragile-${event.payload.noticeId}` });
      },
    });
    const errors: object[] = [];
    const d = createDispatcher(t.db, [fragile], {
      maxAttempts: 3,
      backoffMs: () => 0,
      logger: { warn: () => {}, error: (obj) => errors.push(obj) },
    });
    await publishNotice('x1');
    // Due at once after each failure: three rounds use up the attempts, a fourth finds nothing.
    for (let i = 0; i < 4; i++) expect(await d.drain()).toBe(0);
    const [row] = await t.db.select().from(sysEventDelivery);
    expect(row.attempts).toBe(3);
    expect(row.parkedAt).toBeInstanceOf(Date);
    expect(errors).toHaveLength(1);
    const failed = await pagingFailedDeliveries(t.db, 1, 10, { parked: true });
    expect(failed.records.map((r) => [r.eventName, r.consumer, r.attempts])).toEqual([
      ['notice.published', 'fragile', 3],
    ]);

    broken = false;
    expect(await retryDeliveries(t.db, [{ eventId: row.eventId, consumer: 'fragile' }])).toBe(1);
    expect(await d.drain()).toBe(1);
    expect(await effects('ev-fragile-')).toEqual(['ev-fragile-x1']);
    expect((await pagingFailedDeliveries(t.db, 1, 10, {})).total).toBe(0);
  });
});
