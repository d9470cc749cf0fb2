/**
 * Searches treat what the user typed as text: `_` and `%` find themselves, not every row. Lists
 * that once passed the keyword straight into ILIKE (exams, templates, roles, banks) are asked here.
 */
import { examExamPaging, paperTmplPaging, repoRepoPaging, sysRolePaging } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
});
afterAll(() => t?.close());

const page = <P>(params: P) => ({ current: 1, size: 50, params });

describe('list searches with LIKE wildcards typed in', () => {
  it('finds seeded rows by their text, and nothing for a lone _ or %', async () => {
    const lists = {
      exams: (title: string) => t.request(examExamPaging, page({ title }), admin),
      templates: (title: string) => t.request(paperTmplPaging, page({ title }), admin),
      banks: (title: string) => t.request(repoRepoPaging, page({ title }), admin),
      roles: (keyword: string) => t.request(sysRolePaging, page({ keyword }), admin),
    };
    for (const [name, list] of Object.entries(lists)) {
      const all = await list('');
      expect(all.code, name).toBe(0);
      expect(all.data.total, name).toBeGreaterThan(0); // the demo data holds rows of each list
      // The fields each list searches: the title, or a role's name and code.
      const searched = all.data.records.map((r: { title?: string; name?: string; code?: string | null }) =>
        [r.title, r.name, r.code].filter(Boolean).join(' '),
      );
      for (const wildcard of ['_', '%']) {
        const found = await list(wildcard);
        expect(found.code, found.msg).toBe(0);
        const holding = searched.filter((text: string) => text.includes(wildcard)).length;
        expect(found.data.total, `${name}: "${wildcard}" in ${JSON.stringify(searched)}`).toBe(holding);
      }
    }
  });
});
