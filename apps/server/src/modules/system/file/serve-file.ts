/**
 * Sends a stored file's bytes: Range (206/416), conditional requests and lengths come from
 * @fastify/send on the disk backend; a backend without a local path streams the whole file.
 * Callers set the headers first (fileHeaders).
 */
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INLINE_MIMES } from './file-types.js';
import { fileStorage } from './storage.js';

/**
 * Every file response (issue 21 §8): nothing in a served file may run. `sandbox` without
 * allow-scripts stops script in HTML, SVG or PDF that slipped past the type check (a PNG polyglot,
 * a PDF with JavaScript); img-src/media-src 'self' let a browser's own image or video page show
 * the file itself.
 */
export const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Content type, disposition and the safety headers of a file response. Only images, video and
 * audio (INLINE_MIMES) are inline; every other upload, PDF included, is an attachment (a fetch()
 * of it, as the course PDF viewer does, reads it all the same).
 */
export function fileHeaders(
  reply: FastifyReply,
  file: { mime: string; originalName: string },
  cacheControl: string,
): FastifyReply {
  const inline = INLINE_MIMES.has(file.mime);
  return reply
    .header('content-type', file.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', cacheControl)
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
    );
}

/**
 * Answers the file and resolves true once the reply is handed its bytes (the one place a caller
 * learns the file was served), or false when its bytes are gone and nothing was sent (the caller
 * answers its own 404). A boolean, not the reply: a Fastify reply is a thenable, so returning it
 * from an async function awaited the response and resolved to undefined, and the caller then
 * sent its 404 on top ("Reply was already sent", logged with status 500).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storageKey: string,
): Promise<boolean> {
  const local = fileStorage.localPath(storageKey);
  if (!local) {
    reply.send(fileStorage.read(storageKey));
    return true;
  }
  const result = await send(request.raw, `/${encodeURIComponent(path.basename(local))}`, {
    root: path.dirname(local),
    contentType: false,
    cacheControl: false,
    lastModified: true,
    dotfiles: 'allow',
  });
  if (result.type !== 'file' && result.statusCode === 404) return false;
  for (const [name, value] of Object.entries(result.headers)) if (name !== 'cache-control') reply.header(name, value);
  reply.code(result.statusCode).send(result.stream);
  return true;
}
