/**
 * Sends a stored file's bytes: Range (206/416), conditional requests and lengths come from
 * @fastify/send on the disk backend; a backend without a local path streams the whole file.
 * Callers set content type, disposition and cache headers first.
 */
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileStorage } from './storage.js';

/** Answers the file, or `false` when its bytes are gone (the caller answers its own 404). */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storageKey: string,
): Promise<FastifyReply | false> {
  const local = fileStorage.localPath(storageKey);
  if (!local) return reply.send(fileStorage.read(storageKey));
  const result = await send(request.raw, `/${encodeURIComponent(path.basename(local))}`, {
    root: path.dirname(local),
    contentType: false,
    cacheControl: false,
    lastModified: true,
    dotfiles: 'allow',
  });
  if (result.type !== 'file' && result.statusCode === 404) return false;
  for (const [name, value] of Object.entries(result.headers)) if (name !== 'cache-control') reply.header(name, value);
  return reply.code(result.statusCode).send(result.stream);
}
