/** Calls of the system administration screens (users, departments, roles, menus, dictionaries, messages, config, logs). */
import { commonFileUpload, ErrorCode, type TImportReport } from '@exam/contracts';
import axios from 'axios';
import { getToken } from '../utils/auth';
import { callUpload } from './call';
import { DEFAULT_ERROR_MSG, httpErrorMessage, LONG_TIMEOUT, UPLOAD_TEXT } from './http-errors';
import { showOverlay } from './overlay';

/* ---------- dashboard ---------- */

/* ---------- users ---------- */

export interface ImportOutcome {
  ok: boolean;
  msg: string;
  report: TImportReport | null;
}

/**
 * Uploads an import file. The server answers a wrong file with code 10010001 and the error
 * report as data, which the main client would drop: this call keeps it for the report table.
 */
export async function importUsers(file: Blob): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, (file as File).name ?? 'users.xlsx');
  const token = getToken();
  const close = showOverlay(UPLOAD_TEXT);
  try {
    const res = await axios.post(`${import.meta.env?.VITE_API_BASE ?? ''}/api/sys/user/import`, form, {
      timeout: LONG_TIMEOUT,
      headers: token ? { token } : {},
    });
    const body = res.data as { code: number; msg: string; data: TImportReport | null };
    const report = body.data && Array.isArray(body.data.errors) ? body.data : null;
    return { ok: body.code === ErrorCode.SUCCESS, msg: body.msg || DEFAULT_ERROR_MSG, report };
  } catch (error) {
    return { ok: false, msg: axios.isAxiosError(error) ? httpErrorMessage(error) : DEFAULT_ERROR_MSG, report: null };
  } finally {
    close();
  }
}

/* ---------- departments ---------- */

/* ---------- roles ---------- */
export interface RolePagingParams {
  keyword?: string | null;
  roleType?: number | null;
}

/* ---------- menus ---------- */

/* ---------- dictionaries ---------- */

/* ---------- messages ---------- */

/* ---------- config ---------- */
export const uploadImage = (file: Blob) => callUpload(commonFileUpload, file);

/* ---------- logs ---------- */
