/**
 * The built-in menu catalogue: every admin screen and every permission tag of the platform, in one
 * place (STYLE 5). On every start, entries missing from sys_menu are inserted and granted to the
 * built-in administrator role, so an existing installation gets the menus of a new module too.
 * Each domain adds its entries in its own file under ./catalogue/ and lists it in CATALOGUE below.
 */
import type { MenuType } from '@exam/contracts';
import { certCatalogue } from './catalogue/cert.js';
import { examCatalogue } from './catalogue/exam.js';
import { noticeCatalogue } from './catalogue/notice.js';
import { repoCatalogue } from './catalogue/repo.js';
import { systemCatalogue } from './catalogue/system.js';
import { trainCatalogue } from './catalogue/train.js';

export interface CatalogueEntry {
  /** Stable key, never reused. */
  key: string;
  parentKey: string | null;
  type: (typeof MenuType)[keyof typeof MenuType];
  title: string;
  path?: string;
  /** Route name; defaults to the key. */
  name?: string;
  /** 'Layout', 'WebLayout' or a view name that the web resolves to a lazily loaded page. */
  component?: string;
  redirect?: string;
  icon?: string;
  /** Permission tag of a function entry (type 2), e.g. 'sys:user:save'. */
  permission?: string;
  sort: number;
  hidden?: boolean;
  alwaysShow?: boolean;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
}

export const CATALOGUE: CatalogueEntry[] = [
  ...systemCatalogue,
  ...repoCatalogue,
  ...examCatalogue,
  ...trainCatalogue,
  ...certCatalogue,
  ...noticeCatalogue,
];
