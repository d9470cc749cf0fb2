/** 排序题 in every format: the items in the right order. GIFT has no ordering question. */
import { QuestionType } from '@exam/contracts';
import { OPTION_COLS, OPTION_KEYS, plainRich } from '../../kinds/shared.js';
import { type KindFormats, never } from './types.js';

export const orderingFormats: KindFormats = {
  type: QuestionType.ORDERING,
  layout: {
    read: (q, p) => {
      const letters = p.answer.toUpperCase().replace(/[\s,，、;；>→-]/g, '');
      let ordered = p.options;
      if (letters) {
        const idx = [...letters].map((l) => OPTION_KEYS.indexOf(l));
        const ok =
          idx.length === p.options.length &&
          new Set(idx).size === idx.length &&
          idx.every((i) => i >= 0 && i < p.options.length);
        if (ok) ordered = idx.map((i) => p.options[i]);
        else p.issue('答案', `排序答案“${p.answer}”无法识别，应按正确顺序写出全部选项字母，如 CABD`);
      }
      q.options = ordered.map((t) => ({ text: plainRich(t), right: false }));
    },
    write: (q, cells, rich) => {
      q.options.forEach((o, i) => {
        cells[OPTION_COLS[i]] = rich(o.text);
      });
      cells.答案 = OPTION_KEYS.slice(0, q.options.length);
    },
  },
  gift: { cannot: () => 'GIFT 不能表示排序题', block: () => '' },
  moodle: {
    cannot: never,
    question: (q, base, tags, s) => ({
      '@_type': 'ordering',
      ...base,
      layouttype: 'VERTICAL',
      selecttype: 'ALL',
      answer: q.options.map((o, n) => ({ '@_fraction': String(n + 1), ...s.rich(o.text) })),
      ...tags,
    }),
  },
  qti: {
    cannot: never,
    item: (q, body, s) => ({
      decls: s.declaration(
        'RESPONSE',
        'ordered',
        'identifier',
        q.options.map((_, i) => `O${i + 1}`),
      ),
      body:
        body +
        `<qti-order-interaction response-identifier="RESPONSE" shuffle="true">${q.options.map((o, i) => s.choice('O', i, o.text)).join('')}</qti-order-interaction>`,
    }),
  },
};
