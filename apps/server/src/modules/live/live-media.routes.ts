/**
 * Plain routes outside the JSON envelope:
 * - POST /api/live/hook/:call (publish | publish-done | record-done): nginx-rtmp's form callbacks
 *   (live-hooks.ts). Answered only with the right `?secret=` (LIVE_HOOK_SECRET); without a secret
 *   set, never (the caller's address proves nothing behind a same-host proxy). A refused publish is HTTP 403: nginx drops the stream. An accepted one
 *   is a 302 to `?relay=` + the play name: nginx relays the stream to its HLS application.
 * - GET /api/live/replay/:id: the replay MP4 with Range, for the room's audience (session cookie).
 */
import { timingSafeEqual } from 'node:crypto';
import { ErrorCode, LiveState } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sysFile } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { authorize } from '../../platform/policy/index.js';
import { fileHeaders, sendStoredFile } from '../system/file/serve-file.js';
import { livePolicy } from './live.policy.js';
import { acceptPublish, endPublish, relayTarget } from './live-hooks.js';
import { publishState } from './live-realtime.js';
import { makeReplay, recordingPath } from './live-replay.js';
import { HOOK_SECRET_MIN, liveSettings } from './live-settings.js';

/** Replays being made (tests await them). */
export const liveBackground = new Set<Promise<unknown>>();

function hookAllowed(request: FastifyRequest<{ Querystring: { secret?: string } }>): boolean {
  const secret = liveSettings().hookSecret;
  if (!secret || secret.length < HOOK_SECRET_MIN) return false;
  const given = Buffer.from(String(request.query.secret ?? ''));
  const want = Buffer.from(secret);
  return given.length === want.length && timingSafeEqual(given, want);
}

type HookRequest = FastifyRequest<{
  Params: { call: string };
  Querystring: { secret?: string; relay?: string };
  Body: Record<string, string> | undefined;
}>;

/**
 * nginx-rtmp reads only the status (2xx go on, 3xx relay, anything else refuses the stream); the body
 * is the usual envelope so that every answer of /api is one a client can read.
 */
const hookAnswer = (code: number, msg: string) => ({ code, msg, data: null });

export function registerLiveMedia(app: FastifyInstance): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(
      '/api/live/hook/:call',
      {
        schema: {
          summary: '媒体服务器回调（nginx-rtmp on_publish / on_publish_done / on_record_done）',
          tags: ['直播'],
        },
        bodyLimit: 16 * 1024,
      },
      async (request: HookRequest, reply) => {
        if (!hookAllowed(request)) return reply.code(403).send(hookAnswer(ErrorCode.NO_PERMISSION, '回调来源未获授权'));
        const form = request.body ?? {};
        const name = String(form.name ?? '');
        const { db, blobs } = app.deps;
        const now = app.deps.clock();
        switch (request.params.call) {
          case 'publish': {
            const answer = await acceptPublish(db, name, now);
            if (!answer.accepted) {
              request.log.warn({ reason: answer.reason }, 'live publish refused');
              return reply.code(403).send(hookAnswer(ErrorCode.NO_PERMISSION, '推流密钥无效、已更换或正在推流'));
            }
            const target = relayTarget(request.query.relay, answer.playName);
            if (!target) {
              request.log.error('live publish: the callback URL carries no valid relay= (regenerate the nginx config)');
              await endPublish(db, name, now);
              return reply.code(403).send(hookAnswer(ErrorCode.NO_PERMISSION, '媒体服务器配置已过期，请重新生成'));
            }
            publishState(answer.liveId, LiveState.LIVE);
            return reply.code(302).header('location', target).send(hookAnswer(ErrorCode.SUCCESS, '转推'));
          }
          case 'publish-done': {
            const liveId = await endPublish(db, name, now);
            if (liveId) publishState(liveId, -1); // ended or back to upcoming: viewers read the room again
            return reply.code(200).send(hookAnswer(ErrorCode.SUCCESS, '操作成功'));
          }
          case 'record-done': {
            const file = recordingPath(liveSettings().recordDir, String(form.path ?? ''));
            if (!file) return reply.code(200).send(hookAnswer(ErrorCode.SUCCESS, '非本系统的录像，已忽略'));
            const task = makeReplay(db, blobs, name, file)
              .then((liveId) => liveId && publishState(liveId, LiveState.ENDED))
              .catch((err) => request.log.error({ err }, 'live replay failed'))
              .finally(() => liveBackground.delete(task));
            liveBackground.add(task);
            return reply.code(200).send(hookAnswer(ErrorCode.SUCCESS, '操作成功'));
          }
          default:
            return reply.code(400).send(hookAnswer(ErrorCode.BAD_PARAMS, '未知的回调')); // a bad request, not a missing page;
        }
      },
    );
  });

  app.get<{ Params: { id: string } }>(
    '/api/live/replay/:id',
    { schema: { summary: '直播回放（MP4，支持 Range；仅观看范围内的用户）', tags: ['直播'] } },
    async (request, reply) => {
      const user = request.authUser;
      if (!user) return reply.code(401).send({ code: ErrorCode.NOT_LOGIN, msg: '请先登录', data: null });
      try {
        const { room } = await authorize(app.deps.db, user, livePolicy, 'watch', {
          viewer: user,
          liveId: request.params.id,
        });
        const [file] = room.replayFileId
          ? await app.deps.db.select().from(sysFile).where(eq(sysFile.id, room.replayFileId))
          : [];
        if (file) {
          fileHeaders(reply, file, 'private, no-store');
          if (await sendStoredFile(request, reply, app.deps.blobs, file.storagePath)) return reply;
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      return reply
        .code(404)
        .send({ code: ErrorCode.NOT_FOUND, msg: '回放不存在或您不在该直播的观看范围内', data: null });
    },
  );
}
