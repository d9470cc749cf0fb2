/** Dictionaries and their (tree of) values; the web reads aiExam_conf by dicCode (SPEC 3). */
import { z } from 'zod';

export const ZDicSchema = z.object({
  id: z.string().describe('字典ID'),
  code: z.string().describe('字典编码'),
  title: z.string().describe('字典名称'),
  remark: z.string().nullable().describe('备注'),
  createdAt: z.string().describe('创建时间'),
});
export type TDic = z.infer<typeof ZDicSchema>;

export const ZDicPagingParamsSchema = z.object({
  keyword: z.string().trim().max(64).nullish().describe('关键字'),
});

const zCode = z
  .string()
  .trim()
  .min(1, '请输入字典编码')
  .max(64, '字典编码不能超过64个字符')
  .regex(/^[a-zA-Z][a-zA-Z0-9_:-]*$/, '字典编码只能包含字母、数字和_:-，且以字母开头');

export const ZDicSaveSchema = z.object({
  id: z.string().nullish().describe('字典ID'),
  code: zCode.describe('字典编码'),
  title: z.string().trim().min(1, '请输入字典名称').max(64, '字典名称不能超过64个字符').describe('字典名称'),
  remark: z.string().max(200).nullish().describe('备注'),
});
export type TDicSave = z.infer<typeof ZDicSaveSchema>;

export interface TDicValueNode {
  id: string;
  dicCode: string;
  parentId: string | null;
  value: string;
  title: string;
  sort: number;
  remark: string | null;
  children?: TDicValueNode[];
}

export const ZDicValueNodeSchema: z.ZodType<TDicValueNode> = z.lazy(() =>
  z.object({
    id: z.string().describe('字典值ID'),
    dicCode: z.string().describe('字典编码'),
    parentId: z.string().nullable().describe('上级ID'),
    value: z.string().describe('字典值'),
    title: z.string().describe('显示名称'),
    sort: z.number().describe('排序'),
    remark: z.string().nullable().describe('备注'),
    children: z.array(ZDicValueNodeSchema).optional().describe('下级'),
  }),
);

export const ZDicValueTreeSchema = z.object({ dicCode: zCode.describe('字典编码') });

export const ZDicValueSaveSchema = z.object({
  id: z.string().nullish().describe('字典值ID'),
  dicCode: zCode.describe('字典编码'),
  parentId: z.string().nullish().describe('上级ID'),
  value: z.string().trim().min(1, '请输入字典值').max(200, '字典值不能超过200个字符').describe('字典值'),
  title: z.string().trim().min(1, '请输入显示名称').max(64, '显示名称不能超过64个字符').describe('显示名称'),
  sort: z.coerce.number().int().min(0).max(99999).default(0).describe('排序'),
  remark: z.string().max(200).nullish().describe('备注'),
});
export type TDicValueSave = z.infer<typeof ZDicValueSaveSchema>;
