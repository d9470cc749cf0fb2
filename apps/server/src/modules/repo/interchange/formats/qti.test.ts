/**
 * IMS QTI import on fixtures written from 1EdTech's QTI 2.1 and 3.0 documentation:
 * every mapped interaction, the skipped ones with their identifier and reason, content packages
 * (manifest resources resolved to item files, packaged images) and the zip-bomb guards.
 */
import { blankHtml, htmlToText } from '@exam/contracts';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZIP_LIMITS } from '../../../../platform/zip-guard.js';
import { NO_REFERENCE } from '../../kinds/short-answer/interchange.js';
import { docxColumnOf } from '../../qu-docx.js';
import { checkItems } from '../../qu-import.js';
import type { InterQuestion } from '../model.js';
import { itemsOf } from '../read.js';
import { qtiFixture as fixture, manifest, PNG, qtiPackage } from '../test/qti-fixtures.js';
import { readQti } from './qti-package.js';

const text = (html: string) => htmlToText(html).replace(/\s+/g, ' ').trim();
const one = async (name: string): Promise<InterQuestion> => {
  const read = await readQti(fixture(name));
  expect(read.skipped).toEqual([]);
  return read.entries[0].question;
};
describe('QTI 2.1/2.2 items', () => {
  it('choice: single by cardinality, the correct response marks the right option; prompt and feedback kept', async () => {
    const q = await one('choice.xml');
    expect(q.type).toBe(1);
    expect(text(q.text)).toBe('Look at the text in the picture. What does it say?');
    expect(q.options.map((o) => [text(o.text), o.right])).toEqual([
      ['You must stay with your luggage at all times.', true],
      ['Do not let someone else look after your luggage.', false],
      ['Remember your luggage when you leave.', false],
    ]);
    expect(text(q.analysis ?? '')).toBe('The sign asks you to stay with your luggage.');
  });

  it('choice: multiple by cardinality with every right option', async () => {
    const q = await one('choice-multiple.xml');
    expect(q.type).toBe(2);
    expect(q.options.map((o) => o.right)).toEqual([true, false, false, true, false]);
  });

  it('text entry → 填空题 with the correct response and the mapping’s positive keys as accepted answers', async () => {
    const q = await one('text-entry.xml');
    expect(q.type).toBe(5);
    expect(q.text).toContain(blankHtml(1));
    expect(q.blanks).toEqual([{ answers: ['York', 'york'] }]);
    expect(q.caseSensitive).toBe(true);
  });

  it('extended text without a correct response → 简答题 whose reference is 无参考答案', async () => {
    const q = await one('extended-text.xml');
    expect(q.type).toBe(4);
    expect(q.reference).toBeUndefined();
    const [item] = checkItems(itemsOf({ entries: [{ place: 'x', question: q }], skipped: [] }).items, docxColumnOf);
    expect(item.issues).toEqual([]);
    expect((item.q.answer as { reference: string }).reference).toBe(NO_REFERENCE);
  });

  it('match and associate → 匹配题 (pairs and every right item)', async () => {
    const m = await one('match.xml');
    expect(m.type).toBe(6);
    expect(m.pairs.map((p) => [text(p.left), text(p.right)])).toEqual([
      ['Capulet', 'Romeo and Juliet'],
      ['Demetrius', "A Midsummer-Night's Dream"],
      ['Lysander', "A Midsummer-Night's Dream"],
      ['Prospero', 'The Tempest'],
    ]);
    expect(m.rights.map(text)).toEqual(["A Midsummer-Night's Dream", 'Romeo and Juliet', 'The Tempest', 'Hamlet']);
    const a = await one('associate.xml');
    expect(a.pairs.map((p) => [text(p.left), text(p.right)])).toEqual([
      ['Antonio', 'Prospero'],
      ['Capulet', 'Montague'],
      ['Demetrius', 'Lysander'],
    ]);
  });

  it('order → 排序题 with the items in the correct order', async () => {
    const q = await one('order.xml');
    expect(q.type).toBe(7);
    expect(q.options.map((o) => text(o.text))).toEqual(['Michael Schumacher', 'Rubens Barrichello', 'Jenson Button']);
  });

  it('one inline choice → 单选题 with its place in the text marked', async () => {
    const q = await one('inline-choice.xml');
    expect(q.type).toBe(1);
    expect(text(q.text)).toContain('sun of （ ）;');
    expect(q.options.map((o) => [text(o.text), o.right])).toEqual([
      ['Gloucester', false],
      ['Lancaster', false],
      ['York', true],
    ]);
  });

  it('any other interaction is skipped with the item identifier and the reason', async () => {
    const read = await readQti(fixture('slider.xml'));
    expect(read.entries).toEqual([]);
    expect(read.skipped).toEqual([
      { place: '试题（slider）', reason: '不支持的交互类型 sliderInteraction（RESPONSE），无法对应为本系统的题型' },
    ]);
  });

  it('a truncated item is refused naming its line', async () => {
    await expect(readQti(fixture('choice.xml').subarray(0, 500))).rejects.toThrow(/XML 格式错误（第\d+行/);
  });
});

describe('QTI 3.0 items (qti- elements)', () => {
  it('choice, text entry with two blanks and a mapping, order; hotspot skipped', async () => {
    const c = await one('qti3-choice.xml');
    expect([c.type, text(c.text), c.options.map((o) => o.right), text(c.analysis ?? '')]).toEqual([
      1,
      '我国的首都是（ ）',
      [false, true],
      '北京是首都。',
    ]);
    const f = await one('qti3-text-entry.xml');
    expect(f.type).toBe(5);
    expect(f.text).toContain(blankHtml(2));
    expect(f.blanks).toEqual([{ answers: ['H2O', 'H₂O'] }, { answers: ['2:1'] }]);
    const o = await one('qti3-order.xml');
    expect(o.options.map((x) => text(x.text))).toEqual(['秦', '汉', '唐']);
    expect(text(o.text)).toBe('按时间先后排列');
    const h = await readQti(fixture('qti3-hotspot.xml'));
    expect(h.skipped).toEqual([
      {
        place: '试题（q3-hotspot）',
        reason: '不支持的交互类型 hotspotInteraction（RESPONSE），无法对应为本系统的题型',
      },
    ]);
  });
});

describe('QTI content packages', () => {
  it('resolves the manifest’s item resources to files; places name the file and the item; images come from the package', async () => {
    const read = await readQti(qtiPackage());
    expect(read.entries.map((e) => [e.place, e.question.type])).toEqual([
      ['items/choice.xml（choice）', 1],
      ['items/choice-multiple.xml（choiceMultiple）', 2],
      ['items/text-entry.xml（textEntry）', 5],
      ['items/extended-text.xml（extendedText）', 4],
      ['items/match.xml（match）', 6],
      ['items/associate.xml（associate）', 6],
      ['items/order.xml（order）', 7],
      ['items/inline-choice.xml（inlineChoice）', 1],
    ]);
    expect(read.skipped).toEqual([
      {
        place: 'items/slider.xml（slider）',
        reason: '不支持的交互类型 sliderInteraction（RESPONSE），无法对应为本系统的题型',
      },
      { place: 'items/missing.xml', reason: 'imsmanifest.xml 列出的试题文件不在压缩包中' },
    ]);
    const choice = read.entries[0].question;
    expect(choice.images.map((i) => [i.name, i.mime, i.data.equals(PNG)])).toEqual([
      ['images/sign.png', 'image/png', true],
    ]);
    expect(choice.text).toContain('src="@@PLUGINFILE@@/images/sign.png"');
    const { items, skipped } = itemsOf(read);
    expect(checkItems(items, docxColumnOf).flatMap((c) => c.issues)).toEqual([]);
    expect(skipped).toHaveLength(2);
  });

  it('a package without a manifest is refused', async () => {
    const zip = Buffer.from(zipSync({ 'items/choice.xml': fixture('choice.xml') }));
    await expect(readQti(zip)).rejects.toThrow('没有 imsmanifest.xml');
  });

  it('zip bombs are refused by entry count, total size and ratio, each naming its limit', async () => {
    const many = Buffer.from(
      zipSync(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.txt`, Buffer.from('x')]))),
    );
    await expect(readQti(many, { ...ZIP_LIMITS, maxEntries: 5 })).rejects.toThrow('压缩包内的文件超过5个');
    const zeros = Buffer.from(
      zipSync({ 'imsmanifest.xml': Buffer.from(manifest([])), 'big.bin': new Uint8Array(3 * 1024 * 1024) }),
    );
    await expect(readQti(zeros)).rejects.toThrow('压缩比异常（超过100倍）');
    await expect(
      readQti(zeros, { ...ZIP_LIMITS, maxEntryBytes: 8 * 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 }),
    ).rejects.toThrow('解压后总大小超过2MB');
  });

  it('an entry that inflates past its declared size is refused before it is read', async () => {
    const zip = Buffer.from(
      zipSync({ 'imsmanifest.xml': Buffer.from(manifest(['a.xml'])), 'a.xml': fixture('choice.xml') }),
    );
    // Forge the central directory's declared size of a.xml down to 100 bytes.
    const name = Buffer.from('a.xml');
    for (let p = zip.length - 22; p >= 0; p--) {
      if (zip.readUInt32LE(p) === 0x02014b50 && zip.subarray(p + 46, p + 46 + name.length).equals(name)) {
        zip.writeUInt32LE(100, p + 24);
        break;
      }
    }
    await expect(readQti(zip)).rejects.toThrow('a.xml 解压后大于其声明的大小');
  });
});
