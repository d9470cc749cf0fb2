import { describe, expect, it } from 'vitest';
import { hasPage, pageKey, resolvePage } from './pages';

describe('admin pages', () => {
  it('resolves view names to pages/<component>/index.tsx and unknown ones to a placeholder', () => {
    expect(pageKey('admin/sys/user')).toBe('../pages/admin/sys/user/index.tsx');
    expect(pageKey('/web/uc/index')).toBe('../pages/web/uc/index.tsx');
    expect(hasPage('web/uc')).toBe(true);
    expect(hasPage('admin/exam/proctor-review')).toBe(true);
    expect(hasPage('admin/does-not-exist')).toBe(false);
    expect(resolvePage('admin/does-not-exist')).toBe(resolvePage('admin/does-not-exist'));
  });
});
