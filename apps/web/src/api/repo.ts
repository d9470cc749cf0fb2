/** Calls of the question bank module (/api/repo/*). */
import type {
  TExportNote,
  TQuExportFormat,
  TQuImportCategory,
  TQuImportFormat,
  TQuPagingParams,
} from '@exam/contracts';
import { commonFileUpload, EXPORT_NOTE_HEADER, repoQuBatchMove, repoQuExport, repoQuImport } from '@exam/contracts';
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

export interface RepoOption {
  id: string;
  title: string;
  practiceEnabled: boolean;
}

export interface DicValue {
  value: string;
  title: string;
}

const EXPORT_EXTENSIONS: Record<TQuExportFormat, string> = {
  xlsx: '.xlsx',
  docx: '.docx',
  'moodle-xml': '.xml',
  gift: '.gift.txt',
  qti: '.zip',
};

export const quApi = {
  batchMove: (ids: string[], toRepoId: string, fromRepoId?: string) =>
    call(repoQuBatchMove, { ids, toRepoId, fromRepoId }),
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
};

/** Uploads an image for the editor; answers its URL. */
export async function uploadImage(file: File): Promise<string> {
  const res = await callUpload(commonFileUpload, file);
  return res.url;
}
