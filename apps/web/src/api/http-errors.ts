/** The HTTP failure texts of SPEC 8, word for word, shared by both clients. */

export const DEFAULT_ERROR_MSG = '服务器开小差了呢！';
export const NO_RESPONSE_MSG = '啊哦，与服务器失去连接了~';
export const BAD_GATEWAY_MSG = 'Oh no，服务器网络不通 Bad Gateway';
export const SERVER_ERROR_MSG = '糟糕，服务器开小差了~';
export const BAD_REQUEST_MSG = '缺少必要参数或参数类型不正确~';
export const NOT_FOUND_MSG = '接口地址404，请联系管理员~';
export const OTHER_ERROR_MSG = '请求出现错误！';

export const UPLOAD_TEXT = '正在上传数据...';
export const DOWNLOAD_TEXT = '正在下载数据...';
export const EXPORT_OK_TEXT = '导出成功!';

export const TIMEOUT = 60_000;
export const LONG_TIMEOUT = 20 * 60_000;

/** Error carrying the business code when the server answered one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly status?: number,
    /** The envelope's data of a refusal that carries a report (an import that wrote nothing). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The msg of an envelope carried by a 4xx/5xx answer (rate limits, body limits, helmet refusals). */
function envelopeMsg(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !('msg' in data)) return undefined;
  const msg = (data as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg.trim() ? msg : undefined;
}

/** A failed request as both clients see it: no `response` when the server never answered. */
export interface HttpFailure {
  response?: { status: number; data?: unknown };
}

/** The transport's own English ("Request failed with status code 403") is never shown to the user. */
export function httpErrorMessage(error: HttpFailure): string {
  if (!error.response) return NO_RESPONSE_MSG;
  switch (error.response.status) {
    case 502:
      return BAD_GATEWAY_MSG;
    case 500:
      return SERVER_ERROR_MSG;
    case 400:
      return BAD_REQUEST_MSG;
    case 404:
      return NOT_FOUND_MSG;
    default:
      return envelopeMsg(error.response.data) ?? OTHER_ERROR_MSG;
  }
}

/** Binary answers pass through untouched: blobs, streams, Excel and other non-JSON types. */
export function isBinaryAnswer(contentType: unknown, data: unknown): boolean {
  if (typeof Blob !== 'undefined' && data instanceof Blob) return true;
  if (data instanceof ArrayBuffer) return true;
  const type = String(contentType ?? '').toLowerCase();
  return (
    type.includes('application/octet-stream') ||
    type.includes('spreadsheet') ||
    type.includes('ms-excel') ||
    type.includes('application/vnd')
  );
}
