/**
 * Sends a stored file's bytes from the storage port (platform/storage): Range (206/416),
 * conditional requests and lengths come from @fastify/send when the backend has the file on this
 * machine's disk (the local folder); another backend's bytes are streamed from `get`, with a
 * single byte range honoured. Callers set the headers first (fileHeaders).
 */
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type BlobStore, storedKey } from '../../../platform/storage/blob-store.js';
import { INLINE_MIMES } from './file-types.js';

/**
 * Every file response: nothing in a served file may run. `sandbox` without
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
  blobs: BlobStore,
  recorded: string,
  options: { signedSeconds?: number } = {},
): Promise<boolean> {
  const key = await storedKey(blobs, recorded);
  if (!key) return false;
  if (options.signedSeconds && (await redirectSigned(reply, blobs, key, options.signedSeconds))) return true;
  const local = await blobs.localPath(key);
  if (!local) return sendStreamed(request, reply, blobs, key);
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

/**
 * A 302 to a presigned GET when the backend signs URLs (S3): the bytes then go from the store to
 * the browser, not through the server. The caller checked the permission already; the URL carries
 * the type and disposition set by fileHeaders, and it ends after `ttlSeconds`, so the redirect
 * itself is never cached. False when the backend cannot sign (the local folder) or the blob is gone.
 */
async function redirectSigned(reply: FastifyReply, blobs: BlobStore, key: string, ttlSeconds: number) {
  const header = (name: string) => {
    const v = reply.getHeader(name);
    return typeof v === 'string' ? v : undefined;
  };
  const options = { contentType: header('content-type'), contentDisposition: header('content-disposition') };
  const url = await blobs.signedUrl(key, ttlSeconds, options);
  if (!url || !(await blobs.stat(key))) return false;
  reply.removeHeader('content-type');
  reply.header('cache-control', 'private, no-store').redirect(url, 302);
  return true;
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of `size` bytes; null for none or several, 'bad' when unsatisfiable. */
export function singleRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start < size && end >= start ? { start, end } : 'bad';
}

/** The bytes of a backend without a local file: the whole blob, or one range of it (206/416). */
async function sendStreamed(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
): Promise<boolean> {
  const stat = await blobs.stat(key);
  if (!stat) return false;
  reply.header('accept-ranges', 'bytes').header('last-modified', stat.mtime.toUTCString());
  const range = singleRange(request.headers.range, stat.size);
  if (range === 'bad') {
    reply.code(416).header('content-range', `bytes */${stat.size}`).send();
    return true;
  }
  const blob = await blobs.get(key, range ?? undefined);
  if (!blob) return false;
  if (range) reply.code(206).header('content-range', `bytes ${blob.start}-${blob.end}/${blob.size}`);
  reply.header('content-length', String(range ? blob.end - blob.start + 1 : blob.size)).send(blob.stream);
  return true;
}
