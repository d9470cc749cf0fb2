/**
 * The main HTTP client of SPEC 7 and 8: POST with JSON to the product's server, header `token`
 * when a token exists, 60 s timeout; uploads and downloads with 20 min and a full-screen overlay.
 */
import { ErrorCode } from '@exam/contracts';
import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { getToken, markSessionExpired, removeToken } from '../utils/auth';
import {
  ApiError,
  DEFAULT_ERROR_MSG,
  DOWNLOAD_TEXT,
  EXPORT_OK_TEXT,
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
};

declare module 'axios' {
  interface AxiosRequestConfig {
    silent?: boolean;
  }
}

/** Builds a client with the interceptors of SPEC 8; `adapter` lets tests answer without a network. */
export function createMainClient(adapter?: AxiosAdapter): AxiosInstance {
  const client = axios.create({
    baseURL: import.meta.env?.VITE_API_BASE ?? '',
    timeout: TIMEOUT,
    headers: { 'Content-Type': 'application/json;charset=utf-8' },
    ...(adapter ? { adapter } : {}),
  });

  client.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('token', token);
    return config;
  });

  client.interceptors.response.use(
    (response: AxiosResponse) => {
      const body = response.data;
      if (isBinaryAnswer(response.headers?.['content-type'], body)) return response;
      if (!body || typeof body !== 'object' || !('code' in body)) return response;
      if (body.code === ErrorCode.SUCCESS) return response;
      const text = body.msg || DEFAULT_ERROR_MSG;
      if (!response.config.silent) notifyError(text);
      if (body.code === ErrorCode.NOT_LOGIN) {
        // Only a token we sent can have expired; a signed-out call is simply refused.
        if (response.config.headers?.get?.('token')) markSessionExpired();
        removeToken();
        requestHooks.reload();
      }
      return Promise.reject(new ApiError(text, body.code, response.status));
    },
    (error: AxiosError) => {
      const text = httpErrorMessage(error);
      if (!error.config?.silent) notifyError(text);
      return Promise.reject(new ApiError(text, undefined, error.response?.status));
    },
  );
  return client;
}

export const http = createMainClient();

/** The data of an envelope, or the whole body for answers without a code. */
function unwrap<T>(response: AxiosResponse): T {
  const body = response.data;
  if (body && typeof body === 'object' && 'code' in body && !isBinaryAnswer(response.headers?.['content-type'], body))
    return body.data as T;
  return body as T;
}

/** POST JSON; answers the envelope's data. */
export async function post<T = unknown>(url: string, data?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await http.post(url, data ?? {}, { silent: options.silent });
  return unwrap<T>(response);
}

/** Multipart upload: field `file` plus extra fields; 20 min; overlay '正在上传数据...'. */
export async function upload<T = unknown>(
  url: string,
  file: Blob,
  fields: Record<string, string | number | boolean> = {},
  /** Percent sent so far (large course files show a progress bar). */
  onProgress?: (percent: number) => void,
): Promise<T> {
  const form = new FormData();
  // Fields go first: the server reads them (purpose, audience) before it streams the file.
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', file, (file as File).name ?? 'file');
  const close = showOverlay(UPLOAD_TEXT);
  try {
    const response = await http.post(url, form, {
      timeout: LONG_TIMEOUT,
      headers: { 'Content-Type': undefined },
      onUploadProgress: onProgress
        ? (e) => onProgress(e.total ? Math.min(100, Math.round((e.loaded / e.total) * 100)) : 0)
        : undefined,
    });
    return unwrap<T>(response);
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
export async function download(url: string, data: unknown, fileName: string): Promise<boolean> {
  const close = showOverlay(DOWNLOAD_TEXT);
  try {
    const response = await http.post(url, data ?? {}, { responseType: 'blob', timeout: LONG_TIMEOUT });
    const blob: Blob = response.data instanceof Blob ? response.data : new Blob([response.data]);
    const json = await jsonOf(blob);
    if (json) {
      notifyError(json.msg || DEFAULT_ERROR_MSG);
      return false;
    }
    saveBlob(blob, fileName);
    notifySuccess(EXPORT_OK_TEXT);
    return true;
  } finally {
    close();
  }
}
