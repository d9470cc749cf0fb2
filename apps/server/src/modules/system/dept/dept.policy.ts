/**
 * The department's policy. Departments are the organisation's tree that every scope is cut from:
 * the holders of the department pages' tags read and change the whole tree (a data scope limits the
 * users one sees, not the tree they are placed in); who may move a user into which department is
 * the user policy's `assignDept`.
 */
import { sysDepartDelete, sysDepartDetail, sysDepartSave, sysDepartSort } from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag } from '../../../platform/policy/index.js';

export const deptPolicy = definePolicy({
  aggregate: 'dept',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    delete: holderOfTag,
  },
});

guardEndpoints(deptPolicy, {
  [sysDepartDetail.path]: ['view', () => null],
  [sysDepartSave.path]: ['edit', () => null],
  [sysDepartSort.path]: ['edit', () => null],
  [sysDepartDelete.path]: ['delete', () => null],
});
