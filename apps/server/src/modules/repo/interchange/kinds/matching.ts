/** 匹配题 in every format: pairs of left and right items, and the right items in no pair (distractors). */
import { htmlToText, QuestionType } from '@exam/contracts';
import { OPTION_COLS, OPTION_KEYS, plainRich } from '../../kinds/shared.js';
import { formatPairs, parsePairs } from '../../qu-text.js';
import { type KindFormats, never } from './types.js';

export const matchingFormats: KindFormats = {
  type: QuestionType.MATCHING,
  layout: {
    read: (q, p) => {
      const pairs = parsePairs(p.answer);
      if (pairs === null) p.issue('答案', `匹配答案“${p.answer}”无法识别，应写成 1-A；2-C`);
      const left = p.left.map(plainRich);
      q.rights = p.options.map(plainRich);
      const rightOf = (key: string) => q.rights[OPTION_KEYS.indexOf(key)] ?? key;
      // Pairs in the order of the left items; a pair naming no left item is kept for the rules to report.
      const given = pairs ?? [];
      q.pairs = [
        ...left.map((l, i) => ({ left: l, right: rightOf(given.find((g) => g.left === String(i + 1))?.right ?? '') })),
        ...given.filter((g) => !left[Number(g.left) - 1]).map((g) => ({ left: g.left, right: rightOf(g.right) })),
      ];
    },
    write: (q, cells, rich) => {
      const lefts = [...new Set(q.pairs.map((p) => p.left))];
      q.rights.forEach((r, i) => {
        cells[OPTION_COLS[i]] = rich(r);
      });
      cells.左侧项 = lefts.map((l) => rich(l)).join('\n');
      cells.答案 = formatPairs(
        q.pairs.map((p) => ({
          left: String(lefts.indexOf(p.left) + 1),
          right: OPTION_KEYS[q.rights.indexOf(p.right)] ?? '',
        })),
      );
    },
  },
  gift: {
    cannot: never,
    block: (q, s) =>
      [
        ...q.pairs.map((p) => `=${s.esc(p.left)} -> ${s.esc(p.right)}`),
        ...q.rights.filter((r) => !q.pairs.some((p) => p.right === r)).map((r) => `= -> ${s.esc(r)}`),
      ].join(' '),
  },
  moodle: {
    cannot: never,
    question: (q, base, tags, s) => ({
      '@_type': 'matching',
      ...base,
      shuffleanswers: 'true',
      subquestion: [
        ...q.pairs.map((p) => ({ ...s.rich(p.left), answer: { text: htmlToText(p.right) } })),
        ...q.rights
          .filter((r) => !q.pairs.some((p) => p.right === r))
          .map((r) => ({ ...s.rich(''), answer: { text: htmlToText(r) } })),
      ],
      ...tags,
    }),
  },
  qti: {
    cannot: never,
    item: (q, body, s) => {
      const lefts = q.pairs.map(
        (p, i) =>
          `<qti-simple-associable-choice identifier="L${i + 1}" match-max="1">${s.xhtml(p.left)}</qti-simple-associable-choice>`,
      );
      const rightId = (t: string) => `R${q.rights.indexOf(t) + 1}`;
      const rights = q.rights.map(
        (r, i) =>
          `<qti-simple-associable-choice identifier="R${i + 1}" match-max="0">${s.xhtml(r)}</qti-simple-associable-choice>`,
      );
      return {
        decls: s.declaration(
          'RESPONSE',
          'multiple',
          'directedPair',
          q.pairs.map((p, i) => `L${i + 1} ${rightId(p.right)}`),
        ),
        body:
          body +
          `<qti-match-interaction response-identifier="RESPONSE" shuffle="true" max-associations="${q.pairs.length}"><qti-simple-match-set>${lefts.join('')}</qti-simple-match-set><qti-simple-match-set>${rights.join('')}</qti-simple-match-set></qti-match-interaction>`,
      };
    },
  },
};
