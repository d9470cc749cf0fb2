/** 简答题 in every format: the reference answer and the scoring keywords. */
import { QuestionType } from '@exam/contracts';
import { plainRich } from '../../kinds/shared.js';
import { formatKeywords, parseKeywords } from '../../qu-text.js';
import { keywordsHtml } from '../formats/text-common.js';
import { type KindFormats, never } from './types.js';

export const shortAnswerFormats: KindFormats = {
  type: QuestionType.SHORT_ANSWER,
  layout: {
    read: (q, p) => {
      const keywords = parseKeywords(p.field('得分关键词'));
      if (keywords === null) p.issue('得分关键词', '得分关键词的权重必须是数字');
      q.reference = plainRich(p.answer);
      q.keywords = keywords ?? [];
    },
    write: (q, cells, rich) => {
      cells.答案 = rich(q.reference);
      cells.得分关键词 = formatKeywords(q.keywords);
    },
  },
  gift: {
    cannot: (q) =>
      q.keywords.length || (q.reference && !/^<p>无参考答案<\/p>$/.test(q.reference))
        ? 'GIFT 的问答题不能保存参考答案和得分关键词'
        : null,
    block: () => '',
  },
  moodle: {
    cannot: never,
    question: (q, base, tags, s) => ({
      '@_type': 'essay',
      ...base,
      responseformat: 'editor',
      graderinfo: s.rich((q.reference ?? '') + keywordsHtml(q.keywords)),
      ...tags,
    }),
  },
  qti: {
    cannot: never,
    item: (q, body, s) => ({
      decls: s.declaration('RESPONSE', 'single', 'string', q.reference ? [q.reference] : []),
      body:
        body +
        '<qti-extended-text-interaction response-identifier="RESPONSE"/>' +
        // The scoring keywords are the scorers' rubric (shown to scorers, not to candidates).
        (q.keywords.length
          ? `<qti-rubric-block use="scoring" view="scorer"><qti-content-body>${s.xhtml(keywordsHtml(q.keywords))}</qti-content-body></qti-rubric-block>`
          : ''),
    }),
  },
};
