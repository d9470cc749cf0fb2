/** Menus and permission tags of certificates (证书模板, 证书管理). */
import { MenuType, type PermissionTag } from '@exam/contracts';
import type { CatalogueEntry } from './entry.js';

const fn = (key: PermissionTag, parentKey: string, title: string, sort: number): CatalogueEntry => ({
  key,
  parentKey,
  type: MenuType.FUNCTION,
  title,
  permission: key,
  sort,
});

export const certCatalogue: CatalogueEntry[] = [
  {
    key: 'cert',
    parentKey: null,
    type: MenuType.MENU,
    title: '证书',
    path: '/admin/cert',
    component: 'Layout',
    redirect: '/admin/cert/tmpl',
    icon: 'SafetyCertificateOutlined',
    alwaysShow: true,
    sort: 400,
  },
  {
    key: 'cert-tmpl',
    parentKey: 'cert',
    type: MenuType.MENU,
    title: '证书模板',
    path: 'tmpl',
    name: 'CertTmpl',
    component: 'admin/cert/tmpl',
    icon: 'LayoutOutlined',
    sort: 1,
  },
  fn('cert:tmpl:view', 'cert-tmpl', '查看证书模板', 1),
  fn('cert:tmpl:save', 'cert-tmpl', '保存证书模板', 2),
  fn('cert:tmpl:delete', 'cert-tmpl', '删除证书模板', 3),
  {
    key: 'cert-cert',
    parentKey: 'cert',
    type: MenuType.MENU,
    title: '证书管理',
    path: 'cert',
    name: 'CertList',
    component: 'admin/cert/cert',
    icon: 'SafetyCertificateOutlined',
    sort: 2,
  },
  fn('cert:cert:view', 'cert-cert', '查看证书', 1),
  fn('cert:cert:issue', 'cert-cert', '发放证书', 2),
  fn('cert:cert:revoke', 'cert-cert', '撤销证书', 3),
  fn('cert:cert:export', 'cert-cert', '导出证书', 4),
];
