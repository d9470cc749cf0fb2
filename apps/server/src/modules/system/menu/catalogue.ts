/**
 * The built-in menu catalogue: every admin screen and every permission tag of the platform, in one
 * place (STYLE 5). On every start, entries missing from sys_menu are inserted and granted to the
 * built-in administrator role, so an existing installation gets the menus of a new module too.
 * Each domain adds its entries in its own file under ./catalogue/ and lists it in CATALOGUE below.
 */
import { certCatalogue } from './catalogue/cert.js';
import { courseCatalogue } from './catalogue/course.js';
import type { CatalogueEntry } from './catalogue/entry.js';
import { examCatalogue } from './catalogue/exam.js';
import { liveCatalogue } from './catalogue/live.js';
import { noticeCatalogue } from './catalogue/notice.js';
import { repoCatalogue } from './catalogue/repo.js';
import { systemCatalogue } from './catalogue/system.js';
import { trainCatalogue } from './catalogue/train.js';

export type { CatalogueEntry };

export const CATALOGUE: CatalogueEntry[] = [
  ...systemCatalogue,
  ...repoCatalogue,
  ...examCatalogue,
  ...trainCatalogue,
  ...certCatalogue,
  ...noticeCatalogue,
  ...courseCatalogue,
  ...liveCatalogue,
];
