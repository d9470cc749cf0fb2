/**
 * The raw baseline of a candidate's registration: the least a server must do to register one
 * candidate safely, with nothing else. Fastify with no plugins, the product's database client
 * (platform/db.ts: the PGlite worker or a pg pool), one transaction: the link by its token, the
 * candidate row with its one-per-mobile key (the unique index decides a duplicate), a session
 * token row. No validation, captcha, limits, consent text, field rules or logging.
 *
 *   DATABASE_URL=postgres://… (or PGLITE_DIR=…) PORT=18998 npx tsx bench/raw-candidate-server.ts
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { hashToken } from '../apps/server/src/platform/auth.js';
import { openDatabase } from '../apps/server/src/platform/db.js';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || null,
  pgliteDir: process.env.DATABASE_URL ? null : (process.env.PGLITE_DIR ?? null),
});
const { db } = database;
const app = Fastify({ logger: false });

app.post('/ready', async () => ({ code: 0 }));
app.post('/register', async (request) => {
  const body = request.body as { token: string; name: string; mobile: string };
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const link = await tx.execute(
      sql`select exam_id from el_exam_open_link where token = ${body.token} and enabled for update`,
    );
    const examId = (link.rows as { exam_id: string }[])[0]?.exam_id;
    if (!examId) return { code: 10010003, msg: '考试链接无效或已关闭', data: null };
    const inserted =
      await tx.execute(sql`insert into el_candidate (id, exam_id, name, mobile, dedupe_key, consent_at, ip)
      values (${randomBytes(10).toString('hex')}, ${examId}, ${body.name}, ${body.mobile}, ${`m:${body.mobile}`}, now(), ${request.ip})
      on conflict (exam_id, dedupe_key) do nothing returning id`);
    const id = (inserted.rows as { id: string }[])[0]?.id;
    if (!id) return { code: 10010006, msg: '该手机号已报名', data: null };
    await tx.execute(sql`insert into sys_token (token_hash, user_id, expires_at)
      values (${hashToken(token)}, ${id}, now() + interval '1 day')`);
    return { code: 0, msg: '操作成功', data: { token, examId } };
  });
});

await app.listen({ port: Number(process.env.PORT ?? 18998), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
