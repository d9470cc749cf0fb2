/** Mastery of knowledge points (知识点掌握度): the learner's points to work on and the department heat map. */
import { z } from 'zod';

export const ZMasteryPointSchema = z.object({
  kpId: z.string(),
  title: z.string().describe('知识点'),
  /** Titles from the root, '安全/消防'. */
  pathTitle: z.string().describe('知识点路径'),
  mastery: z.number().describe('掌握度 0-1'),
  answers: z.number().describe('作答次数'),
  lastAt: z.date().describe('最近作答时间'),
});
export type TMasteryPoint = z.infer<typeof ZMasteryPointSchema>;

export const ZMasteryHeatmapParamsSchema = z.object({
  parentId: z.string().nullish().describe('上级知识点'),
});
export type TMasteryHeatmapParams = z.infer<typeof ZMasteryHeatmapParamsSchema>;

export const ZMasteryHeatmapSchema = z.object({
  depts: z.array(z.object({ id: z.string(), title: z.string() })),
  points: z.array(z.object({ id: z.string(), title: z.string(), hasChildren: z.boolean() })),
  cells: z.array(
    z.object({
      deptId: z.string(),
      kpId: z.string(),
      mastery: z.number().describe('平均掌握度'),
      learners: z.number().describe('人数'),
    }),
  ),
});
export type TMasteryHeatmap = z.infer<typeof ZMasteryHeatmapSchema>;
