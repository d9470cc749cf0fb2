import { NOTE_MAX_LENGTH } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { cleanNote, holdsSomething, searchPattern } from './fav-rules.js';

const refusal = (raw: string) => {
  try {
    cleanNote(raw);
  } catch (e) {
    return e instanceof AppError ? { code: e.code, msg: e.message } : e;
  }
  return null;
};

describe('cleanNote', () => {
  it('keeps plain text with its line breaks, trimmed, CRLF made LF', () => {
    expect(cleanNote('  第一行\r\n第二行\t尾  ')).toBe('第一行\n第二行\t尾');
  });

  it('removes HTML tags and comments but keeps comparisons that are not tags', () => {
    expect(cleanNote('<b>重点</b><script>alert(1)</script><!-- x -->：a < b 且 c > d')).toBe(
      '重点alert(1)：a < b 且 c > d',
    );
    expect(cleanNote('<img src=x onerror=alert(1)>记住')).toBe('记住');
  });

  it('removes control characters other than tab and line feed', () => {
    expect(cleanNote('a\u0007b\u001bc\u007fd')).toBe('abcd');
  });

  it('refuses an empty note, also one that is empty once cleaned, with 10010001', () => {
    expect(refusal('   ')).toEqual({ code: 10010001, msg: '笔记内容不能为空' });
    expect(refusal('<p></p>\n')).toEqual({ code: 10010001, msg: '笔记内容不能为空' });
  });

  it('counts characters as the learner sees them: the limit passes, one more is refused', () => {
    expect(cleanNote('字'.repeat(NOTE_MAX_LENGTH))).toHaveLength(NOTE_MAX_LENGTH);
    expect([...cleanNote('😀'.repeat(NOTE_MAX_LENGTH))]).toHaveLength(NOTE_MAX_LENGTH);
    expect(refusal('字'.repeat(NOTE_MAX_LENGTH + 1))).toEqual({
      code: 10010001,
      msg: `笔记不能超过 ${NOTE_MAX_LENGTH} 个字`,
    });
  });
});

describe('holdsSomething', () => {
  it('keeps a row with a favourite or a note, drops one with neither', () => {
    expect(holdsSomething({ fav: true, note: null })).toBe(true);
    expect(holdsSomething({ fav: false, note: '记' })).toBe(true);
    expect(holdsSomething({ fav: false, note: null })).toBe(false);
  });
});

describe('searchPattern', () => {
  it('wraps the word and takes % and _ literally; no word, no pattern', () => {
    expect(searchPattern(' 题干 ')).toBe('%题干%');
    expect(searchPattern('100%_a')).toBe('%100\\%\\_a%');
    expect(searchPattern('  ')).toBeNull();
    expect(searchPattern(null)).toBeNull();
  });
});
