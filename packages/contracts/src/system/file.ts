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
