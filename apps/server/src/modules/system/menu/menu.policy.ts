/**
 * The menu's policy. Menus are the catalogue of permission tags: the holders of the menu pages' tags
 * read and arrange it; a function menu naming a permission is saved only by one who holds that
 * permission (the role policy's `grantPermission`, asked by menu.service.ts).
 */
import { sysMenuDelete, sysMenuDetail, sysMenuSave, sysMenuSort } from '@exam/contracts';
import { definePolicy, guardEndpoints, holderOfTag } from '../../../platform/policy/index.js';

export const menuPolicy = definePolicy({
  aggregate: 'menu',
  rules: {
    view: holderOfTag,
    edit: holderOfTag,
    delete: holderOfTag,
  },
});

guardEndpoints(menuPolicy, {
  [sysMenuDetail.path]: ['view', () => null],
  [sysMenuSave.path]: ['edit', () => null],
  [sysMenuSort.path]: ['edit', () => null],
  [sysMenuDelete.path]: ['delete', () => null],
});
