/** The answer envelope and paging shapes of DESIGN 4. */
import { z } from 'zod';

/** `{code, msg, data}` around a data schema. */
export const zEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().describe('0 表示成功，其余为错误码'),
    msg: z.string().describe('提示信息'),
    data: data,
  });

export const ZIdSchema = z.object({ id: z.string().min(1).describe('ID') });
export type TId = z.infer<typeof ZIdSchema>;
export const ZIdsSchema = z.object({ ids: z.array(z.string().min(1)).min(1).max(1000).describe('ID 列表') });
export type TIds = z.infer<typeof ZIdsSchema>;

/** Paging request: `{current, size, params}`. */
export const zPageRequest = <P extends z.ZodType>(params: P) =>
  z.object({
    current: z.coerce.number().int().min(1).default(1).describe('页码'),
    size: z.coerce.number().int().min(1).max(500).default(10).describe('每页条数'),
    params: params.default({} as never).describe('查询条件'),
  });

/** Paging answer: `{records, total, current, size, pages}`. */
export const zPage = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number(),
    current: z.number(),
    size: z.number(),
    pages: z.number(),
  });

export interface TPage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

export interface TEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}
