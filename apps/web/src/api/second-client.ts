/**
 * The second client of SPEC 7: base address from the config list item `pathUrl`; GET with query
 * params, POST and multipart upload; 60 s timeout, 20 min for uploads; codes 0 and 200 succeed.
 */
import axios, { type AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import { getToken } from '../utils/auth';
import { ApiError, DEFAULT_ERROR_MSG, httpErrorMessage, isBinaryAnswer, LONG_TIMEOUT, TIMEOUT } from './http-errors';
import { notifyError } from './notify';

const SUCCESS_CODES = new Set([0, 200]);

export interface SecondClient {
  readonly instance: AxiosInstance;
  get<T = unknown>(url: string, params?: Record<string, unknown>): Promise<T>;
  post<T = unknown>(url: string, data?: unknown): Promise<T>;
  upload<T = unknown>(url: string, file: Blob, fields?: Record<string, string | number | boolean>): Promise<T>;
}

function unwrap<T>(response: AxiosResponse): T {
  const body = response.data;
  if (body && typeof body === 'object' && 'code' in body) return (body.data ?? body) as T;
  return body as T;
}

export function createSecondClient(baseURL: string): SecondClient {
  const instance = axios.create({ baseURL, timeout: TIMEOUT });
  instance.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('token', token);
    return config;
  });
  instance.interceptors.response.use(
    (response) => {
      const body = response.data;
      if (isBinaryAnswer(response.headers?.['content-type'], body)) return response;
      if (!body || typeof body !== 'object' || !('code' in body)) return response;
      if (SUCCESS_CODES.has(Number(body.code))) return response;
      const text = body.msg || DEFAULT_ERROR_MSG;
      notifyError(text);
      return Promise.reject(new ApiError(text, Number(body.code), response.status));
    },
    (error: AxiosError) => {
      const text = httpErrorMessage(error);
      notifyError(text);
      return Promise.reject(new ApiError(text, undefined, error.response?.status));
    },
  );
  return {
    instance,
    get: async (url, params) => unwrap(await instance.get(url, { params })),
    post: async (url, data) => unwrap(await instance.post(url, data ?? {})),
    upload: async (url, file, fields = {}) => {
      const form = new FormData();
      form.append('file', file, (file as File).name ?? 'file');
      for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
      return unwrap(await instance.post(url, form, { timeout: LONG_TIMEOUT }));
    },
  };
}

let pending: Promise<SecondClient> | null = null;

/** The client on the pathUrl address, read once from the config list. */
export function getSecondClient(loadPathUrl: () => Promise<string | null>): Promise<SecondClient> {
  if (!pending) {
    pending = loadPathUrl().then((url) => createSecondClient(url ?? ''));
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}
