/**
 * The main HTTP client of SPEC 7 and 8: POST with JSON to the product's server, header `token`
 * when a token exists, 60 s timeout; uploads and downloads with 20 min and a full-screen overlay.
 *
 * Built on the browser's fetch, and XMLHttpRequest for uploads (fetch cannot report upload
 * progress): axios, ~20 KB gzip, was the largest library on the learner's first page.
 * The second client (second-client.ts) and the user import keep axios, loaded with the pages that
 * use them.
 */
import { ErrorCode } from '@exam/contracts';
import { getToken, markSessionExpired, removeToken } from '../utils/auth';
import { takeFirstCall } from './first-calls';
import {
  ApiError,
  DEFAULT_ERROR_MSG,
  DOWNLOAD_TEXT,
  EXPORT_OK_TEXT,
  type HttpFailure,
  httpErrorMessage,
  isBinaryAnswer,
  LONG_TIMEOUT,
  TIMEOUT,
  UPLOAD_TEXT,
} from './http-errors';
import { notifyError, notifySuccess } from './notify';
import { showOverlay } from './overlay';

export interface RequestOptions {
  /** Do not show the error to the user (background polling, optional endpoints). */
  silent?: boolean;
}

/** Side effects the client needs from the page, replaceable in tests. */
export const requestHooks = {
  reload: (): void => window.location.reload(),
  /** The request object of uploads. */
  xhr: (): XMLHttpRequest => new XMLHttpRequest(),
};

const JSON_TYPE = 'application/json;charset=utf-8';
const address = (url: string) => `${import.meta.env?.VITE_API_BASE ?? ''}${url}`;

/** What the server answered: a 2xx body is JSON (or text), or a Blob when a file was asked for. */
interface Answer {
  status: number;
  contentType: string;
  body: unknown;
  /** The answer's headers (fetch only): a download's note (e.g. what an export could not carry). */
  headers?: Headers;
}

/** A JSON text parsed; any other text as it is (a proxy's HTML error page, an empty answer). */
function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An HTTP failure or no answer at all: the SPEC 8 text is shown (unless silent) and thrown. */
function fail(failure: HttpFailure, silent?: boolean): never {
  const text = httpErrorMessage(failure);
  if (!silent) notifyError(text);
  throw new ApiError(text, undefined, failure.response?.status);
}

/**
 * SPEC 8 on an answer: a non-2xx status fails; an envelope with a code other than 0 shows its msg
 * (or the default) and rejects, and 10010002 also drops the token and reloads; code 0 gives its
 * data; answers without a code, and binary or Excel answers, pass through as they are.
 */
function settle(answer: Answer, silent: boolean | undefined, sentToken: boolean): unknown {
  if (answer.status < 200 || answer.status >= 300)
    fail({ response: { status: answer.status, data: answer.body } }, silent);
  const body = answer.body;
  if (isBinaryAnswer(answer.contentType, body)) return body;
  if (!body || typeof body !== 'object' || !('code' in body)) return body;
  const envelope = body as { code: unknown; msg?: string; data?: unknown };
  if (envelope.code === ErrorCode.SUCCESS) return envelope.data;
  const text = envelope.msg || DEFAULT_ERROR_MSG;
  if (!silent) notifyError(text);
  if (envelope.code === ErrorCode.NOT_LOGIN) {
    // Only a token we sent can have expired; a signed-out call is simply refused.
    if (sentToken) markSessionExpired();
    removeToken();
    requestHooks.reload();
  }
  throw new ApiError(text, envelope.code as number, answer.status, envelope.data ?? undefined);
}

/** One fetch with a timeout; `file` reads a 2xx body as a Blob. No answer (network, timeout) fails. */
async function fetchAnswer(url: string, init: RequestInit, timeout: number, file: boolean, silent?: boolean) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(address(url), { ...init, signal: controller.signal });
    const contentType = response.headers.get('content-type') ?? '';
    const body = file && response.ok ? await response.blob() : parseBody(await response.text());
    return { status: response.status, contentType, body, headers: response.headers } satisfies Answer;
  } catch {
    return fail({}, silent);
  } finally {
    clearTimeout(timer);
  }
}

function jsonInit(data: unknown, token: string | undefined): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE };
  if (token) headers.token = token;
  return { method: 'POST', headers, body: JSON.stringify(data ?? {}) };
}

/** The answer index.html already asked for (first-calls.ts), or null: the call is made here. */
async function earlyAnswer(url: string, init: RequestInit, token: string | undefined): Promise<Answer | null> {
  const early = takeFirstCall(url, init.body as string, token);
  const got = early && (await early);
  return got ? { status: got.status, contentType: got.contentType, body: parseBody(got.text) } : null;
}

/** POST JSON; answers the envelope's data. */
export async function post<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const token = getToken();
  const init = jsonInit(data, token);
  const answer =
    (await earlyAnswer(url, init, token)) ?? (await fetchAnswer(url, init, TIMEOUT, false, options.silent));
  return settle(answer, options.silent, Boolean(token)) as T;
}

/** POST JSON answered by a file: the Blob (a JSON error answer too, with its json type: the caller reads it). */
export async function postBlob(
  url: string,
  data: unknown,
  timeout = LONG_TIMEOUT,
  onHeaders?: (headers: Headers) => void,
): Promise<Blob> {
  const token = getToken();
  const answer = await fetchAnswer(url, jsonInit(data, token), timeout, true);
  if (answer.status >= 200 && answer.status < 300) {
    if (answer.headers) onHeaders?.(answer.headers);
    return answer.body as Blob;
  }
  return settle(answer, false, Boolean(token)) as never; // a non-2xx answer fails
}

/** A multipart POST through XMLHttpRequest, reporting the percent sent. */
function sendForm(url: string, form: FormData, token: string | undefined, onProgress?: (percent: number) => void) {
  return new Promise<Answer>((resolve, reject) => {
    const xhr = requestHooks.xhr();
    xhr.open('POST', address(url));
    xhr.timeout = LONG_TIMEOUT;
    if (token) xhr.setRequestHeader('token', token);
    if (onProgress)
      xhr.upload.onprogress = (e) => onProgress(e.total ? Math.min(100, Math.round((e.loaded / e.total) * 100)) : 0);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        contentType: xhr.getResponseHeader('content-type') ?? '',
        body: parseBody(xhr.responseText),
      });
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error('no answer'));
    xhr.send(form);
  });
}

/** Multipart upload: field `file` plus extra fields; 20 min; overlay '正在上传数据...'. */
export interface UploadOptions {
  /** false: no full-screen overlay (the caller shows its own progress, e.g. the question import). */
  overlay?: boolean;
}

export async function upload<T = unknown>(
  url: string,
  file: Blob,
  fields: Record<string, string | number | boolean> = {},
  /** Percent sent so far (large course files show a progress bar). */
  onProgress?: (percent: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  const form = new FormData();
  // Fields go first: the server reads them (purpose, audience) before it streams the file.
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', file, (file as File).name ?? 'file');
  const token = getToken();
  const close = options.overlay === false ? () => {} : showOverlay(UPLOAD_TEXT);
  try {
    const answer = await sendForm(url, form, token, onProgress).catch(() => fail({}));
    return settle(answer, false, Boolean(token)) as T;
  } finally {
    close();
  }
}

/** Reads a JSON error envelope out of a blob, or null when the blob is a file. */
async function jsonOf(blob: Blob): Promise<{ code?: number; msg?: string } | null> {
  if (!blob.type.includes('json')) return null;
  try {
    return JSON.parse(await blob.text());
  } catch {
    return null;
  }
}

/** Hands a blob to the browser as a file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Blob download; a JSON answer's msg is shown as an error, else saved and '导出成功!' shown. */
export async function download(
  url: string,
  data: unknown,
  fileName: string,
  /** Reads the answer's headers of a file saved (a note the page shows after it). */
  onHeaders?: (headers: Headers) => void,
): Promise<boolean> {
  const close = showOverlay(DOWNLOAD_TEXT);
  let headers: Headers | null = null;
  try {
    const blob = await postBlob(url, data ?? {}, LONG_TIMEOUT, (h) => {
      headers = h;
    });
    const json = await jsonOf(blob);
    if (json) {
      notifyError(json.msg || DEFAULT_ERROR_MSG);
      return false;
    }
    saveBlob(blob, fileName);
    notifySuccess(EXPORT_OK_TEXT);
    if (headers) onHeaders?.(headers);
    return true;
  } finally {
    close();
  }
}
