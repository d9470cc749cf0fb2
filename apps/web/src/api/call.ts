/**
 * Calls through the endpoint objects of @exam/contracts: the path, the body and the answer's type come
 * from the endpoint, so a wrong path or body is a type error. The main client (request.ts) stays the
 * transport: headers, timeouts, error handling, upload and download overlays are unchanged.
 */
import type { BodyIn, DataOut, FileEndpoint, JsonEndpoint, UploadEndpoint } from '@exam/contracts';
import { download, post, type RequestOptions, type UploadOptions, upload } from './request';

/** A paged list's request (DESIGN 4 paging): page number from 1, page size, filters. */
export interface PageRequest<P> {
  current: number;
  size: number;
  params: P;
}

/** The filters of a paged endpoint's body (what a server table searches by). */
export type PageParams<E extends JsonEndpoint> = NonNullable<BodyIn<E> extends { params?: infer P } ? P : never>;

/** POSTs the body to the endpoint; answers the envelope's data. */
export const call = <E extends JsonEndpoint>(ep: E, body: BodyIn<E>, options?: RequestOptions): Promise<DataOut<E>> =>
  post<DataOut<E>>(ep.path, body, options);

/** Uploads a file (and fields) to an upload endpoint; `onProgress` gets the percent sent so far. */
export const callUpload = <E extends UploadEndpoint>(
  ep: E,
  file: Blob,
  fields?: Record<string, string | number | boolean>,
  onProgress?: (percent: number) => void,
  options?: UploadOptions,
): Promise<DataOut<E>> => upload<DataOut<E>>(ep.path, file, fields, onProgress, options);

/** Downloads a file endpoint's answer as `fileName`; false when the server refused. */
export const callDownload = <E extends FileEndpoint>(
  ep: E,
  body: BodyIn<E>,
  fileName: string,
  onHeaders?: (headers: Headers) => void,
): Promise<boolean> => download(ep.path, body, fileName, onHeaders);
