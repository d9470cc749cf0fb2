/**
 * 从文档出题: the text of an uploaded course document, for the administrator to
 * draft questions from. Read in memory and answered; nothing is kept, and the drafts go through the
 * usual review (the draft screen opens each in 新增试题). .docx through the platform's guarded docx
 * reader (zip guard, mammoth in a capped worker), .pdf through pdfjs-dist's legacy build (the text
 * layer; a scanned PDF has none), .txt/.md as UTF-8. The text is cut to the model's budget
 * (ASSISTANT_DRAFT_TEXT_MAX) with a note saying so.
 */
import {
  ASSISTANT_DOC_EXTENSIONS,
  ASSISTANT_DOC_MAX_BYTES,
  ASSISTANT_DRAFT_TEXT_MAX,
  type TAssistantDocText,
} from '@exam/contracts';
import type { FastifyRequest } from 'fastify';
import { InvalidDocxError, readDocxText } from '../../platform/docx-read.js';
import { badParams } from '../../platform/errors.js';

const MB = ASSISTANT_DOC_MAX_BYTES / 1024 / 1024;
/** Pages of a PDF read at most: the budget is reached long before on any real document. */
const PDF_MAX_PAGES = 300;

/** Whitespace tidied: one space inside a line, at most one empty line between paragraphs. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text cut to the model's budget (in characters, never inside a surrogate pair), with the note. */
export function withinBudget(fileName: string, text: string, max = ASSISTANT_DRAFT_TEXT_MAX): TAssistantDocText {
  const chars = [...text];
  if (chars.length <= max) return { fileName, text, chars: chars.length, truncated: false, note: null };
  return {
    fileName,
    text: chars.slice(0, max).join(''),
    chars: chars.length,
    truncated: true,
    note: `文档共${chars.length}字，超过一次出题的材料上限${max}字，只取了前${max}字；其余部分可分段粘贴后再出题`,
  };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
  } catch (err) {
    if ((err as { name?: string }).name === 'PasswordException')
      throw badParams('文件：该 PDF 设有密码，无法读取，请去除密码后再上传');
    throw badParams('文件：无法读取该 PDF 文件，文件可能已损坏');
  }
  try {
    const pages: string[] = [];
    let length = 0;
    for (let i = 1; i <= Math.min(doc.numPages, PDF_MAX_PAGES) && length <= ASSISTANT_DRAFT_TEXT_MAX; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      const page = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(page);
      length += page.length;
    }
    return pages.join('\n\n');
  } finally {
    await doc.destroy();
  }
}

function plainText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw badParams('文件：文本文件须为 UTF-8 编码，请另存为 UTF-8 后再上传');
  }
}

/** The text of a course document by its extension; a clear Chinese refusal for one that cannot be read. */
export async function documentText(fileName: string, bytes: Buffer): Promise<TAssistantDocText> {
  const ext = fileName.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? '';
  if (!(ASSISTANT_DOC_EXTENSIONS as readonly string[]).includes(ext))
    throw badParams(`文件：只支持 ${ASSISTANT_DOC_EXTENSIONS.join('、')} 格式的文档（旧版 .doc 请另存为 .docx）`);
  if (!bytes.length) throw badParams('文件：文件是空的');
  let raw: string;
  if (ext === '.docx') {
    try {
      raw = await readDocxText(bytes, { timeoutMs: 60_000 });
    } catch (err) {
      if (err instanceof InvalidDocxError) throw badParams('文件：无法读取该 Word 文档，请确认是 .docx 格式且未加密');
      throw err;
    }
  } else if (ext === '.pdf') raw = await pdfText(bytes);
  else raw = plainText(bytes);
  const text = tidyText(raw);
  if (text.length < 10)
    throw badParams('文件：没有从文档中读到文字（扫描件或图片中的文字无法识别），请换一个文件或直接粘贴材料');
  return withinBudget(fileName, text);
}

/** Reads the one file part `file` of a multipart request (at most ASSISTANT_DOC_MAX_BYTES) and answers its text. */
export async function uploadedDocumentText(request: FastifyRequest): Promise<TAssistantDocText> {
  if (!request.isMultipart()) throw badParams('文件：请使用 multipart/form-data 上传');
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts({ limits: { fileSize: ASSISTANT_DOC_MAX_BYTES, files: 1 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    try {
      file = { name: part.filename, bytes: await part.toBuffer() };
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw badParams(`文件：文档大小不能超过${MB}MB，请拆分后再上传`);
      throw err;
    }
  }
  if (!file) throw badParams('文件：请选择要出题的文档');
  return documentText(file.name, file.bytes);
}
