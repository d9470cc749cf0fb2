/**
 * GET /api/health: the load balancer's check. It names the database, Redis and the
 * file storage separately, so an operator sees which part failed, and answers 503 when this
 * instance cannot serve: the database or the storage does not answer. Redis holds no only copy
 * of anything (the product runs without it), so a Redis outage shows as `redis.ok: false` with
 * 200: taking every instance out of the pool for it would stop exams that can go on.
 * Public and cheap: no token, no error text (it is logged), each check capped at 2 s.
 */
import { ErrorCode } from '@exam/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export interface PartHealth {
  ok: boolean;
  ms: number;
}

export interface HealthReport {
  ok: boolean;
  database: PartHealth;
  redis: PartHealth | null;
  storage: PartHealth & { kind: 'local' | 's3' };
}

const CHECK_TIMEOUT_MS = 2000;

async function timed(check: () => Promise<unknown>, onError: (err: unknown) => void): Promise<PartHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    onError(err);
    return { ok: false, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance): void {
  app.get(
    '/api/health',
    { schema: { summary: '健康检查（负载均衡用：数据库、Redis、文件存储分别报告）', tags: ['系统'] } },
    async (request, reply) => {
      const { db, redis, blobs, config } = app.deps;
      const logAs = (part: string) => (err: unknown) => request.log.warn({ err }, `健康检查：${part}不可用`);
      const [database, redisHealth, storage] = await Promise.all([
        timed(() => db.execute(sql`select 1`), logAs('数据库')),
        redis ? timed(() => redis.ping(), logAs('Redis')) : Promise.resolve(null),
        timed(() => blobs.check?.() ?? Promise.resolve(), logAs('文件存储')),
      ]);
      const report: HealthReport = {
        ok: database.ok && storage.ok,
        database,
        redis: redisHealth,
        storage: { ...storage, kind: config.storage.kind },
      };
      return reply
        .code(report.ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ code: report.ok ? 0 : ErrorCode.SERVER_ERROR, msg: report.ok ? 'ok' : '实例暂不可用', data: report });
    },
  );
}
