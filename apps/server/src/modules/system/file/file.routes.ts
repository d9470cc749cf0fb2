/** /api/common/file/upload (multipart) and GET /api/common/file/:id (the only GET of the API besides docs). */

import { commonFileUpload, ErrorCode } from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { badParams } from '../../../platform/errors.js';
import { routeUpload } from '../../../platform/route.js';
import { findServable, storeUpload } from './file.service.js';
import { quotaFor, uploadAudience, uploadRule } from './file-limits.js';
import { fileHeaders, sendStoredFile } from './serve-file.js';

const TAGS = ['文件'];

export function registerFileRoutes(app: FastifyInstance): void {
  routeUpload(
    app,
    commonFileUpload,
    {
      summary:
        '上传文件（字段 file；在文件之前的可选字段 purpose=avatar|attachment|import|course、audience=private；学员上传除头像外均为私有）',
      tags: TAGS,
    },
    async ({ request, user, deps }) => {
      if (!request.isMultipart()) throw badParams('文件：请使用 multipart/form-data 上传');
      // The largest purpose open to the caller bounds the stream; the chosen one is checked while writing.
      const roleMax = uploadRule(undefined, user.roleType, deps.config.uploadMaxBytes).maxBytes;
      const part = await request.file({ limits: { fileSize: roleMax } });
      if (part?.fieldname !== 'file') throw badParams('文件：请选择要上传的文件');
      const field = (name: string) => (part.fields[name] as { value?: unknown } | undefined)?.value;
      let rule: ReturnType<typeof uploadRule>;
      try {
        rule = uploadRule(field('purpose'), user.roleType, deps.config.uploadMaxBytes);
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const audienceField = part.fields.audience as { value?: unknown } | undefined;
      return storeUpload(deps.db, part, {
        blobs: deps.blobs,
        rule,
        quotaBytes: quotaFor(user.roleType, deps.config.uploadQuotaBytes),
        ownerId: user.id,
        audience: uploadAudience(rule.purpose, user.roleType, audienceField?.value),
        now: deps.clock(),
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/common/file/:id',
    { schema: { summary: '下载或预览文件', tags: TAGS } },
    async (request, reply) => {
      const file = await findServable(
        app.deps.db,
        app.deps.blobs,
        request.params.id,
        request.authUser ?? null,
        app.deps.clock(),
      );
      if (!file) return reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: '文件不存在或已被删除', data: null });
      fileHeaders(
        reply,
        file,
        file.audience === 'public' ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
      );
      const signedSeconds = app.deps.config.downloadUrlSeconds;
      if (await sendStoredFile(request, reply, app.deps.blobs, file.storagePath, { signedSeconds })) return reply;
      return reply.code(404).send({ code: ErrorCode.NOT_FOUND, msg: '文件不存在或已被删除', data: null });
    },
  );
}
