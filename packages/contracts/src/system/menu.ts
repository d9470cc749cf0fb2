/** Menus and the route shape of SPEC 2 that /api/sys/menu/routes answers. */
import { z } from 'zod';

export const ZRouteMetaSchema = z.object({
  title: z.string(),
  icon: z.string().nullish(),
  noCache: z.boolean().optional(),
  affix: z.boolean().optional(),
  activeMenu: z.string().nullish(),
});
export type TRouteMeta = z.infer<typeof ZRouteMetaSchema>;

/** One route of the admin area as the web builds it at runtime (SPEC 2). */
export interface TMenuRoute {
  path: string;
  name: string;
  component: string;
  redirect?: string | null;
  alwaysShow?: boolean;
  hidden?: boolean;
  meta: TRouteMeta;
  children?: TMenuRoute[];
}

export const ZMenuRouteSchema: z.ZodType<TMenuRoute> = z.lazy(() =>
  z.object({
    path: z.string(),
    name: z.string(),
    component: z.string().describe('Layout / WebLayout / 视图名'),
    redirect: z.string().nullish(),
    alwaysShow: z.boolean().optional(),
    hidden: z.boolean().optional(),
    meta: ZRouteMetaSchema,
    children: z.array(ZMenuRouteSchema).optional(),
  }),
);

export { LAYOUT_COMPONENT, WEB_LAYOUT_COMPONENT } from './menu-layout.js';

/** A menu row as the admin screen edits it. */
export interface TMenuNode {
  id: string;
  parentId: string | null;
  catalogueKey: string | null;
  type: number;
  title: string;
  path: string | null;
  name: string | null;
  component: string | null;
  redirect: string | null;
  icon: string | null;
  permission: string | null;
  sort: number;
  hidden: boolean;
  alwaysShow: boolean;
  noCache: boolean;
  affix: boolean;
  activeMenu: string | null;
  children?: TMenuNode[];
}

const menuFields = {
  id: z.string().describe('菜单ID'),
  parentId: z.string().nullable().describe('上级菜单ID'),
  catalogueKey: z.string().nullable().describe('内置标识'),
  type: z.number().describe('菜单类型'),
  title: z.string().describe('菜单名称'),
  path: z.string().nullable().describe('路由地址'),
  name: z.string().nullable().describe('路由名称'),
  component: z.string().nullable().describe('组件'),
  redirect: z.string().nullable().describe('重定向'),
  icon: z.string().nullable().describe('图标'),
  permission: z.string().nullable().describe('权限标识'),
  sort: z.number().describe('排序'),
  hidden: z.boolean().describe('是否隐藏'),
  alwaysShow: z.boolean().describe('总是显示'),
  noCache: z.boolean().describe('不缓存'),
  affix: z.boolean().describe('固定标签'),
  activeMenu: z.string().nullable().describe('高亮菜单'),
};

export const ZMenuSchema = z.object(menuFields);

export const ZMenuNodeSchema: z.ZodType<TMenuNode> = z.lazy(() =>
  z.object({ ...menuFields, children: z.array(ZMenuNodeSchema).optional().describe('下级菜单') }),
);

const optionalText = (max: number, label: string) => z.string().trim().max(max).nullish().describe(label);

export const PERMISSION_PATTERN = /^[a-zA-Z][a-zA-Z0-9-]*(:[a-zA-Z0-9-]+){1,3}$/;

export const ZMenuSaveSchema = z
  .object({
    id: z.string().nullish().describe('菜单ID'),
    parentId: z.string().nullish().describe('上级菜单ID'),
    type: z
      .number()
      .int()
      .refine((v) => v === 1 || v === 2 || v === 3, '菜单类型只能是1（菜单）、2（功能）或3（路由）')
      .describe('菜单类型'),
    title: z.string().trim().min(1, '请输入菜单名称').max(64, '菜单名称不能超过64个字符').describe('菜单名称'),
    path: optionalText(200, '路由地址'),
    name: optionalText(64, '路由名称'),
    component: optionalText(200, '组件'),
    redirect: optionalText(200, '重定向'),
    icon: optionalText(64, '图标'),
    permission: optionalText(100, '权限标识'),
    sort: z.coerce.number().int().min(0).max(99999).default(0).describe('排序'),
    hidden: z.boolean().default(false).describe('是否隐藏'),
    alwaysShow: z.boolean().default(false).describe('总是显示'),
    noCache: z.boolean().default(false).describe('不缓存'),
    affix: z.boolean().default(false).describe('固定标签'),
    activeMenu: optionalText(200, '高亮菜单'),
  })
  .superRefine((v, ctx) => {
    if (v.type === 2 && !v.permission)
      ctx.addIssue({ code: 'custom', path: ['permission'], message: '功能类型的菜单必须填写权限标识' });
    if (v.type === 2 && v.permission && !PERMISSION_PATTERN.test(v.permission))
      ctx.addIssue({ code: 'custom', path: ['permission'], message: '权限标识格式应为 模块:实体:操作' });
    if (v.type !== 2 && !v.path) ctx.addIssue({ code: 'custom', path: ['path'], message: '请填写路由地址' });
    if (v.type !== 2 && !v.component) ctx.addIssue({ code: 'custom', path: ['component'], message: '请填写组件' });
  });
export type TMenuSave = z.infer<typeof ZMenuSaveSchema>;

export const ZMenuSortSchema = z.object({
  id: z.string().min(1).describe('菜单ID'),
  sort: z.coerce.number().int().min(0).max(99999).describe('排序'),
});
export type TMenuSort = z.infer<typeof ZMenuSortSchema>;
