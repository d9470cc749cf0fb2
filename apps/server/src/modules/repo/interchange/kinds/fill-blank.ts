/** 填空题 in every format: accepted answers per blank, numeric blanks with their tolerance. */
import { BLANK_RE, QuestionType } from '@exam/contracts';
import { formatBlanks, formatFillFlags, parseBlanks, parseFillFlags } from '../../qu-text.js';
import { fillFlagsReason } from '../formats/text-common.js';
import type { KindFormats } from './types.js';

const BLANK_SPAN = /<span data-blank="\d+" class="qu-blank"><\/span>/;
const BLANK_SPANS = /<span data-blank="\d+" class="qu-blank"><\/span>/g;

export const fillBlankFormats: KindFormats = {
  type: QuestionType.FILL_BLANK,
  layout: {
    read: (q, p) => {
      q.blanks = parseBlanks(p.answer);
      Object.assign(q, parseFillFlags(p.field('填空设置')));
    },
    write: (q, cells) => {
      cells.答案 = formatBlanks(q.blanks);
      cells.填空设置 = formatFillFlags(q);
    },
  },
  gift: {
    cannot: (q) => {
      if (q.blanks.length !== 1) return 'GIFT 每道填空题只能有一个空';
      if (q.caseSensitive) return 'GIFT 的填空题不区分大小写';
      return fillFlagsReason(q);
    },
    block: (q, s) => {
      const b = q.blanks[0];
      return b.tolerance === undefined
        ? b.answers.map((a) => `=${s.esc(a)}`).join(' ')
        : `#${b.answers.map((a) => `=${a}:${b.tolerance}`).join(' ')}`;
    },
    atBlank: true,
  },
  moodle: {
    cannot: fillFlagsReason,
    question: (q, base, tags, s) => {
      const numeric = q.blanks[0]?.tolerance;
      if (q.blanks.length === 1 && numeric !== undefined)
        return {
          '@_type': 'numerical',
          ...base,
          questiontext: s.rich(q.text.replace(BLANK_SPAN, '_____')),
          answer: q.blanks[0].answers.map((a) => ({
            '@_fraction': '100',
            '@_format': 'moodle_auto_format',
            text: a,
            tolerance: String(numeric),
          })),
          ...tags,
        };
      if (q.blanks.length === 1)
        return {
          '@_type': 'shortanswer',
          ...base,
          questiontext: s.rich(q.text.replace(BLANK_SPAN, '_____')),
          usecase: q.caseSensitive ? '1' : '0',
          answer: q.blanks[0].answers.map((a) => ({
            '@_fraction': '100',
            '@_format': 'moodle_auto_format',
            text: a,
          })),
          ...tags,
        };
      let n = 0;
      const text = q.text.replace(BLANK_SPANS, () => s.clozeBlank(q.blanks[n++], q.caseSensitive));
      return { '@_type': 'cloze', ...base, questiontext: s.rich(text), ...tags };
    },
    clozeChild: (c, which, s) => {
      const why = fillFlagsReason(c);
      if (why) return { reason: `${which}：${why}` };
      let n = 0;
      return c.text.replace(BLANK_SPANS, () => s.clozeBlank(c.blanks[n++], c.caseSensitive));
    },
  },
  qti: {
    cannot: (q) =>
      q.blanks.some((b) => b.tolerance !== undefined)
        ? 'QTI（按本系统的写法）不能表示带误差范围的数值填空'
        : fillFlagsReason(q),
    item: (q, _body, s) => {
      const decls = q.blanks
        .map((b, i) => {
          const entries = b.answers
            .map(
              (a) =>
                `<qti-map-entry map-key="${s.esc(a)}" mapped-value="1" case-sensitive="${q.caseSensitive ? 'true' : 'false'}"/>`,
            )
            .join('');
          return s.declaration(
            `RESPONSE_${i + 1}`,
            'single',
            'string',
            b.answers.slice(0, 1),
            `<qti-mapping default-value="0">${entries}</qti-mapping>`,
          );
        })
        .join('');
      let n = 0;
      const body = s.xhtml(
        q.text.replace(BLANK_RE, () => `<qti-text-entry-interaction response-identifier="RESPONSE_${++n}"/>`),
      );
      return { decls, body };
    },
  },
};
