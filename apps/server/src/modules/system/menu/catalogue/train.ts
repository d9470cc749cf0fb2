/** Menus and permission tags of practice (练习统计). */
import { MenuType } from '@exam/contracts';
import type { CatalogueEntry } from './entry.js';

export const trainCatalogue: CatalogueEntry[] = [
  {
    key: 'train',
    parentKey: null,
    type: MenuType.MENU,
    title: '刷题训练',
    path: '/admin/train',
    component: 'Layout',
    redirect: '/admin/train/stat',
    icon: 'RocketOutlined',
    alwaysShow: true,
    sort: 300,
  },
  {
    key: 'train-stat',
    parentKey: 'train',
    type: MenuType.MENU,
    title: '练习统计',
    path: 'stat',
    name: 'TrainStat',
    component: 'admin/train/stat',
    icon: 'BarChartOutlined',
    sort: 1,
  },
  {
    key: 'train:stat:view',
    parentKey: 'train-stat',
    type: MenuType.FUNCTION,
    title: '查看练习统计',
    permission: 'train:stat:view',
    sort: 1,
  },
  {
    key: 'train:stat:export',
    parentKey: 'train-stat',
    type: MenuType.FUNCTION,
    title: '导出练习统计',
    permission: 'train:stat:export',
    sort: 2,
  },
];
