import { describe, expect, it } from 'vitest';
import { checkItems } from '../../qu-import.js';
import { normaliseQuestion } from '../../qu-rules.js';
import { comparable, EVERY_KIND, everyKindDetails } from '../test/every-kind.js';
import { docxColumnOf, readQuestionsDocx, writeQuestionsDocx } from './docx.js';

describe('docx export', () => {
  it('writes the import layout: every kind reads back as the same question', async () => {
    const buffer = await writeQuestionsDocx(everyKindDetails());
    const checked = checkItems(await readQuestionsDocx(buffer), docxColumnOf);
    expect(checked.flatMap((c) => c.issues)).toEqual([]);
    // The export groups questions by type, in the order the types first appear.
    const expected = EVERY_KIND.map((s) => normaliseQuestion(s));
    const order = [...new Set(expected.map((q) => q.type))];
    expected.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
    expect(checked.map((c) => comparable(c.q))).toEqual(expected.map(comparable));
    expect(checked.map((c) => c.q.level)).toEqual(expected.map((q) => q.level));
  });
});
