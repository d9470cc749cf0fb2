import { describe, expect, it } from 'vitest';
import { tmplTitleError } from './TmplEditor';

describe('certificate template name', () => {
  it('is checked in the form with a Chinese hint, not by the server', () => {
    expect(tmplTitleError('')).toBe('请输入模板名称');
    expect(tmplTitleError('   ')).toBe('请输入模板名称');
    expect(tmplTitleError('全题型体验合格证')).toBeUndefined();
  });
});
