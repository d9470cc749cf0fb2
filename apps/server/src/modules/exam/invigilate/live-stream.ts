/**
 * GET /api/exam/invigilate/live?examId=… : the console's live stream (server-sent events). The
 * only GET of the API besides files and docs, because EventSource can only GET and cannot send
 * headers: the token comes from the `token` cookie the web sets (or `?token=`). While the stream is
 * open this instance reads a snapshot every LIVE_PERIOD_MS (and at once when the bus says something
 * happened in the exam) and sends it as `event: snapshot`; bus notes go out as `event: note`.
 * Nothing runs for an exam nobody watches; the answer-saving path publishes nothing.
 */
import { DataScope, ErrorCode, INVIGILATE_LIVE_PATH } from '@exam/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthUser, assertPermission } from '../../../platform/auth.js';
import { splitByScope } from '../../../platform/data-scope.js';
import { AppError } from '../../../platform/errors.js';
import { invigilateSnapshot } from './invigilate-snapshot.js';
import { type LiveNote, liveBus } from './live-bus.js';

/** How often a watched exam's snapshot is read. */
export const LIVE_PERIOD_MS = 2500;
/** A comment line keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;

async function streamUser(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser> {
  const query = request.query as { token?: string };
  const user = request.authUser ?? (query.token ? await app.deps.verifyToken(query.token) : null);
  if (!user) throw new AppError(ErrorCode.NOT_LOGIN);
  if (user.roleType !== 2) throw new AppError(ErrorCode.NO_PERMISSION);
  await assertPermission(app.deps.db, user, 'exam:invigilate:view');
  return user;
}

/**
 * Whether a note is for this console: a note about learners reaches an administrator of a
 * department only when one of them is in their scope (a note's text may carry a message or reason).
 */
async function noteInScope(app: FastifyInstance, user: AuthUser, note: LiveNote): Promise<boolean> {
  if (user.dataScope >= DataScope.ALL || !note.userIds) return true;
  return (await splitByScope(app.deps.db, user, note.userIds)).inside.length > 0;
}

function refuse(reply: FastifyReply, err: unknown) {
  const code = err instanceof AppError ? err.code : ErrorCode.SERVER_ERROR;
  const status =
    code === ErrorCode.NOT_LOGIN
      ? 401
      : code === ErrorCode.NO_PERMISSION
        ? 403
        : code === ErrorCode.NOT_FOUND
          ? 404
          : 400;
  const msg = err instanceof Error ? err.message : '请求失败';
  return reply.status(status).send({ code, msg, data: null });
}

export function registerLiveStream(app: FastifyInstance): void {
  // Open streams end when the app closes (tests, a graceful shutdown).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const stop of [...open]) stop();
  });
  app.get(INVIGILATE_LIVE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const examId = String((request.query as { examId?: string }).examId ?? '');
    let user: AuthUser;
    try {
      if (!examId) throw new AppError(ErrorCode.BAD_PARAMS, '考试ID不能为空');
      user = await streamUser(app, request);
      await invigilateSnapshot(app.deps.db, user, examId, app.deps.clock());
    } catch (err) {
      return refuse(reply, err);
    }
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let closed = false;
    let busy = false;
    let again = false;
    const send = (event: string, data: unknown) => {
      if (!closed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const tick = async () => {
      if (closed) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        send('snapshot', await invigilateSnapshot(app.deps.db, user, examId, app.deps.clock()));
      } catch (err) {
        send('failure', { msg: err instanceof Error ? err.message : '读取失败' });
      } finally {
        busy = false;
      }
      if (again) {
        again = false;
        void tick();
      }
    };
    res.write('retry: 3000\n\n');
    void tick();
    const timer = setInterval(() => void tick(), LIVE_PERIOD_MS);
    const keepalive = setInterval(() => !closed && res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const unsubscribe = liveBus.subscribe(examId, (note) => {
      void noteInScope(app, user, note)
        .then((show) => {
          if (!show) return;
          const { userIds: _who, ...shown } = note;
          send('note', shown);
        })
        .catch(() => undefined);
      void tick();
    });
    const stop = () => {
      if (closed) return;
      closed = true;
      open.delete(stop);
      clearInterval(timer);
      clearInterval(keepalive);
      unsubscribe();
      if (!res.writableEnded) res.end();
    };
    open.add(stop);
    request.raw.on('close', stop);
    res.on('close', stop);
  });
}
