/** Uploaded files, served by unguessable ids at /api/common/file/<id>. */
import { z } from 'zod';

export const ZFileSchema = z.object({
  id: z.string().describe('文件ID'),
  url: z.string().describe('访问地址'),
  name: z.string().describe('文件名'),
  size: z.number().describe('大小(字节)'),
  mime: z.string().describe('文件类型'),
});
export type TFile = z.infer<typeof ZFileSchema>;

/** Who may fetch a file: anyone holding the id, or signed-in users only. */
export const FILE_AUDIENCES = ['public', 'private'] as const;
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * What an upload is for (multipart field `purpose`, sent before the file), with its size limit and
 * the extensions it accepts (null: every type of the server's whitelist). Learners may use the
 * first two; an administrator's upload without a purpose is course material.
 */
export const UPLOAD_PURPOSES = {
  avatar: { label: '头像', maxMb: 2, types: ['png', 'jpg', 'jpeg', 'gif', 'webp'], adminOnly: false },
  attachment: { label: '附件', maxMb: 20, types: null, adminOnly: false },
  import: { label: '导入文件', maxMb: 20, types: ['xlsx', 'docx'], adminOnly: true },
  course: { label: '课程资料', maxMb: 200, types: null, adminOnly: true },
} as const satisfies Record<
  string,
  { label: string; maxMb: number; types: readonly string[] | null; adminOnly: boolean }
>;
export type TUploadPurpose = keyof typeof UPLOAD_PURPOSES;
