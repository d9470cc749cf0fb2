/**
 * Media facts read on the server, never trusted from the browser: a video's or audio's duration
 * (ffprobe when installed, else the file's metadata through music-metadata), and the PDF
 * rendition of office documents made once in the background when LibreOffice (`soffice`) is
 * installed (README: "课程文档转 PDF"), and a PDF's page count (pdfjs-dist), so that the
 * reading rule compares the pages seen with the document's real length, not the viewer's claim.
 *
 * The bytes come from the storage port (platform/storage). ffprobe and LibreOffice take only file
 * names, so they get one: ffprobe the local folder's own file through `withLocalCopy` (a copy from
 * another backend), LibreOffice a copy named `source.<ext>` in a temporary folder of its own
 * (it picks its import filter by the extension and writes its profile and output beside it).
 * That folder is scratch space, removed here; nothing kept is written with `fs`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { TCourseFileKind } from '@exam/contracts';
import { type BlobStore, readBlob, storedKey, withLocalCopy } from '../../platform/storage/blob-store.js';

const run = promisify(execFile);

/** The course file kind of an uploaded file's content type, or null when courses do not take it. */
export function kindOfMime(mime: string): TCourseFileKind | null {
  if (mime === 'video/mp4' || mime === 'video/webm') return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/')) return 'image';
  if (mime.includes('officedocument')) return 'doc';
  return null;
}

const hasCommand = async (cmd: string): Promise<boolean> =>
  run('sh', ['-c', `command -v ${cmd}`]).then(
    () => true,
    () => false,
  );

let ffprobe: Promise<boolean> | null = null;
let soffice: Promise<boolean> | null = null;
export const ffprobeAvailable = (): Promise<boolean> => {
  ffprobe ??= hasCommand('ffprobe');
  return ffprobe;
};
export const sofficeAvailable = (): Promise<boolean> => {
  soffice ??= process.env.COURSE_OFFICE_CONVERT === '0' ? Promise.resolve(false) : hasCommand('soffice');
  return soffice;
};

/** Seconds of media, or 0 when it cannot be read (the file is then refused by the caller). */
export async function probeDuration(blobs: BlobStore, recorded: string, mime: string): Promise<number> {
  const key = await storedKey(blobs, recorded);
  if (!key) return 0;
  if (await ffprobeAvailable()) {
    const probed = await withLocalCopy(blobs, key, async (local) => {
      try {
        const { stdout } = await run(
          'ffprobe',
          ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', local],
          { timeout: 30_000 },
        );
        const s = Number.parseFloat(stdout.trim());
        return Number.isFinite(s) && s > 0 ? s : 0;
      } catch {
        return 0; // the metadata reader below tries
      }
    });
    if (probed) return probed;
  }
  const blob = await blobs.get(key);
  if (!blob) return 0;
  const { parseWebStream } = await import('music-metadata');
  const web = Readable.toWeb(blob.stream as Readable) as unknown as Parameters<typeof parseWebStream>[0];
  const meta = await parseWebStream(web, { mimeType: mime }, { duration: true });
  return meta.format.duration && Number.isFinite(meta.format.duration) ? meta.format.duration : 0;
}

/** Converts a stored office document to PDF in a temporary folder (removed here); answers the PDF's bytes. */
export async function convertToPdf(blobs: BlobStore, recorded: string, ext: string): Promise<Buffer | null> {
  if (!(await sofficeAvailable())) return null;
  const key = await storedKey(blobs, recorded);
  const blob = key ? await blobs.get(key) : null;
  if (!blob) return null;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'course-doc-'));
  try {
    const input = path.join(dir, `source.${ext}`);
    await pipeline(blob.stream, fs.createWriteStream(input));
    await run(
      'soffice',
      ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, input],
      {
        timeout: 180_000,
      },
    );
    return await fsp.readFile(path.join(dir, 'source.pdf')).catch(() => null);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Pages of a PDF, or 0 when it cannot be parsed (the caller refuses it). */
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, verbosity: 0 })
      .promise;
    const pages = doc.numPages;
    await doc.destroy();
    return pages;
  } catch {
    return 0;
  }
}

/** Page count of a stored PDF. */
export async function storedPdfPages(blobs: BlobStore, recorded: string): Promise<number> {
  const key = await storedKey(blobs, recorded);
  const bytes = key ? await readBlob(blobs, key) : null;
  return bytes ? countPdfPages(new Uint8Array(bytes)) : 0;
}
