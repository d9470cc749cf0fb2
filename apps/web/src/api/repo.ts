/** Calls of the question bank module (/api/repo/*). */
import type {
  TExportNote,
  TQuExportFormat,
  TQuImportCategory,
  TQuImportFormat,
  TQuPagingParams,
  TQuSave,
  TRepoSave,
} from '@exam/contracts';
import {
  commonFileUpload,
  EXPORT_NOTE_HEADER,
  repoQuBatchCopy,
  repoQuBatchMove,
  repoQuDelete,
  repoQuDetail,
  repoQuExport,
  repoQuImport,
  repoQuImportTemplate,
  repoQuPaging,
  repoQuSave,
  repoQuView,
  repoRepoDelete,
  repoRepoDetail,
  repoRepoList,
  repoRepoListStat,
  repoRepoPaging,
  repoRepoSave,
  sysDicValueTree,
} from '@exam/contracts';
import { call, callDownload, callUpload } from './call';

/** The export's note header read back (null when absent or unreadable). */
export function exportNoteOf(header: string | null): TExportNote | null {
  if (!header) return null;
  try {
    const note = JSON.parse(decodeURIComponent(header)) as TExportNote;
    return typeof note.count === 'number' && Array.isArray(note.items) ? note : null;
  } catch {
    return null;
  }
}

export interface PageReq<P> {
  current: number;
  size: number;
  params: P;
}

export interface RepoOption {
  id: string;
  title: string;
  practiceEnabled: boolean;
}

export interface DicValue {
  value: string;
  title: string;
}

export const repoApi = {
  paging: (req: PageReq<{ title?: string; category?: string }>) => call(repoRepoPaging, req),
  list: () => call(repoRepoList, {}),
  save: (data: TRepoSave) => call(repoRepoSave, data),
  detail: (id: string) => call(repoRepoDetail, { id }),
  remove: (ids: string[]) => call(repoRepoDelete, { ids }),
  listStat: (ids: string[]) => call(repoRepoListStat, { ids }),
  /** Bank categories (dictionary repo_catalog). */
  categories: () => call(sysDicValueTree, { dicCode: 'repo_catalog' }),
};

const EXPORT_EXTENSIONS: Record<TQuExportFormat, string> = {
  xlsx: '.xlsx',
  docx: '.docx',
  'moodle-xml': '.xml',
  gift: '.gift.txt',
  qti: '.zip',
};

export const quApi = {
  paging: (req: PageReq<TQuPagingParams>) => call(repoQuPaging, req),
  save: (data: TQuSave) => call(repoQuSave, data),
  detail: (id: string) => call(repoQuDetail, { id }),
  remove: (ids: string[]) => call(repoQuDelete, { ids }),
  batchMove: (ids: string[], toRepoId: string, fromRepoId?: string) =>
    call(repoQuBatchMove, { ids, toRepoId, fromRepoId }),
  batchCopy: (ids: string[], toRepoId: string) => call(repoQuBatchCopy, { ids, toRepoId }),
  /** Imports (or with `preview` only reads) a question file; `format` auto detects by content. */
  importFile: (
    file: File,
    repoId: string,
    o: {
      onlyValid: boolean;
      format: TQuImportFormat;
      category?: TQuImportCategory;
      preview: boolean;
      /** Echoed in the progress events on the user's realtime topic. */
      progressId?: string;
    },
    onProgress?: (percent: number) => void,
  ) => {
    const { progressId, ...rest } = o;
    const fields = { repoId, ...rest, ...(progressId ? { progressId } : {}) };
    return callUpload(repoQuImport, file, fields, onProgress, { overlay: !progressId });
  },
  template: () => callDownload(repoQuImportTemplate, {}, '试题导入模板.xlsx'),
  exportXlsx: (body: { repoId?: string; ids?: string[]; params?: TQuPagingParams }, fileName = '试题导出.xlsx') =>
    callDownload(repoQuExport, body, fileName),
  /** Exports in a format; the file name's extension follows it. */
  exportAs: (
    body: { repoId?: string; ids?: string[]; params?: TQuPagingParams },
    format: TQuExportFormat,
    /** Told which questions the format could not carry (marked 未导出 in the file). */
    onNote?: (note: TExportNote) => void,
  ) =>
    callDownload(repoQuExport, { ...body, format }, `试题导出${EXPORT_EXTENSIONS[format]}`, (headers) => {
      const note = exportNoteOf(headers.get(EXPORT_NOTE_HEADER));
      if (note) onNote?.(note);
    }),
  /** Learner view: answer and analysis only when allowed. */
  view: (id: string) => call(repoQuView, { id }),
};

/** Uploads an image for the editor; answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const res = await callUpload(commonFileUpload, file);
  return res.url;
}
