import { USER_IMPORT_COLUMNS } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { readSheet } from './user.test-helpers.js';
import { buildExport, buildImportTemplate } from './user-import.service.js';

describe('user xlsx files', () => {
  it('writes the template with the import columns and no data rows', async () => {
    const rows = await readSheet(await buildImportTemplate());
    expect(rows).toEqual([[...USER_IMPORT_COLUMNS]]);
  });

  it('writes the export with the same columns, labels for state and no password', async () => {
    const buffer = await buildExport([
      {
        userName: 'a1',
        realName: '甲',
        mobile: '13800000009',
        deptCode: 'D001',
        roleCodes: ['sa', 'student'],
        state: 2,
      },
      { userName: 'a2', realName: '乙', mobile: null, deptCode: null, roleCodes: [], state: 1 },
    ]);
    const rows = await readSheet(buffer);
    expect(rows[0]).toEqual([...USER_IMPORT_COLUMNS]);
    expect(rows[1]).toEqual(['a1', '甲', '13800000009', 'D001', 'sa,student', '', '待审核']);
    expect(rows[2]).toEqual(['a2', '乙', '', '', '', '', '禁用']);
  });
});
