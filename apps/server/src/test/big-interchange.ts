/**
 * Large GIFT, Moodle XML and QTI files for the import tests and the import bench,
 * written by the formats' own writers from generated single-choice questions with different text
 * each (a QTI package holds one file per item: at most 9,999 under the zip guard's entry limit).
 */
import { writeQuestionsIn } from '../modules/repo/interchange/export.js';
import type { StoredQuestion } from '../modules/repo/interchange/model.js';
import { chineseText } from './big-xlsx.js';

export type BigFormat = 'gift' | 'moodle-xml' | 'qti';

/** `count` single-choice questions of about `chars` characters of content each. */
export function bigQuestions(count: number, chars = 40): StoredQuestion[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 1,
    level: 1,
    content: `<p>第${i + 1}题 ${chineseText(i + 1, chars)}</p>`,
    analysis: null,
    options: ['甲', '乙', '丙', '丁'].map((t, k) => ({
      key: 'ABCD'[k],
      content: `<p>选项${t}${i}</p>`,
      isRight: k === i % 4,
    })),
    answer: {},
  }));
}

/** A file of `count` questions in `format`. */
export async function bigInterchangeFile(format: BigFormat, count: number, chars = 40): Promise<Buffer> {
  return (await writeQuestionsIn(format, bigQuestions(count, chars))).body;
}
