/** /api/paper/tmpl/*: paper templates for administrators (thin handlers). */
import {
  paperTmplBlueprintCheck,
  paperTmplBlueprintPoints,
  paperTmplDelete,
  paperTmplDetail,
  paperTmplForms,
  paperTmplPaging,
  paperTmplPreview,
  paperTmplSave,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/route.js';
import { checkBlueprint, generateForms } from './blueprint.service.js';
import { blueprintPoints } from './blueprint-pool.js';
import { buildPaperQuestions, loadTmpl } from './paper-build.js';
import type { PaperQuRow } from './paper-view.js';
import { reviewQuView } from './paper-view.js';
import { checkSections, deleteTmpls, saveTmpl, tmplDetail, tmplPaging } from './tmpl.service.js';

const tags = ['考试-试卷'];

export function registerTmplRoutes(app: FastifyInstance): void {
  route(app, paperTmplPaging, { summary: '试卷分页', tags }, async ({ body, deps }) =>
    tmplPaging(deps.db, body.params, body.current, body.size),
  );
  route(app, paperTmplSave, { summary: '保存试卷', tags }, async ({ body, user, deps }) => ({
    id: await saveTmpl(deps.db, body, user.id),
  }));
  route(app, paperTmplDetail, { summary: '试卷详情', tags }, async ({ body, deps }) => tmplDetail(deps.db, body.id));
  route(app, paperTmplDelete, { summary: '删除试卷', tags }, async ({ body, deps }) => {
    await deleteTmpls(deps.db, body.ids, deps.clock());
    return null;
  });
  route(app, paperTmplBlueprintCheck, { summary: '检查组卷蓝图', tags }, async ({ body, deps }) =>
    checkBlueprint(deps.db, body.blueprintSections),
  );
  route(app, paperTmplBlueprintPoints, { summary: '组卷蓝图可选知识点', tags }, async ({ deps }) =>
    blueprintPoints(deps.db),
  );
  route(app, paperTmplForms, { summary: '生成平行试卷', tags }, async ({ body, deps }) =>
    deps.db.transaction((tx) => generateForms(tx, body.id, body.count, body.maxShare)),
  );
  route(app, paperTmplPreview, { summary: '预览试卷', tags }, async ({ body, deps }) => {
    const source = body.id ? await loadTmpl(deps.db, body.id) : null;
    const checked = source ? null : await checkSections(deps.db, body.tmpl as NonNullable<typeof body.tmpl>);
    const sections = source?.sections ?? checked?.sections ?? [];
    const built = await buildPaperQuestions(deps.db, sections, { shuffleQu: false, shuffleOpt: false });
    const rows = built.map(
      (q): PaperQuRow => ({
        ...q,
        paperId: 'preview',
        answer: null,
        flagged: false,
        seq: 0,
        answeredAt: null,
        isRight: null,
        actualScore: 0,
        markState: 0,
        suggestScore: null,
        suggestTaken: null,
        markComment: null,
      }),
    );
    return {
      title: source?.title ?? body.tmpl?.title ?? '',
      totalScore: source?.totalScore ?? checked?.total ?? 0,
      questions: rows.map(reviewQuView),
    };
  });
}
