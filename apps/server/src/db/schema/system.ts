/** Tables of the system module: users, departments, roles, menus, sign-in codes, dictionaries, config, messages, files. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tz, updatedAt } from './columns.js';

/** Departments: a tree. `code` is a path code (parent code + 4 chars) so "department and below" is a prefix match. */
export const sysDepart = pgTable(
  'sys_depart',
  {
    id: idColumn(),
    parentId: text('parent_id'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_depart_code_uq').on(t.code), index('sys_depart_parent_idx').on(t.parentId)],
);

export const sysRole = pgTable('sys_role', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** 1 learner, 2 administrator. */
  roleType: smallint('role_type').notNull(),
  /** 1 self, 2 own department, 3 department and below, 4 all. */
  dataScope: smallint('data_scope').notNull().default(1),
  remark: text('remark'),
  /** Built-in roles cannot be deleted. */
  builtIn: boolean('built_in').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sysUser = pgTable(
  'sys_user',
  {
    id: idColumn(),
    userName: text('user_name').notNull(),
    realName: text('real_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    avatar: text('avatar'),
    deptId: text('dept_id'),
    /** 0 normal, 1 disabled, 2 pending review. */
    state: smallint('state').notNull().default(0),
    remark: text('remark'),
    /** Soft delete: papers and logs keep pointing at the user. */
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_name_uq').on(t.userName).where(sql`${t.deletedAt} is null`),
    index('sys_user_dept_idx').on(t.deptId),
    index('sys_user_mobile_idx').on(t.mobile),
  ],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    userId: text('user_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('sys_user_role_role_idx').on(t.roleId)],
);

/** Menus (SPEC 3): type 1 menu, 2 function (carries a permission tag), 3 route. */
export const sysMenu = pgTable(
  'sys_menu',
  {
    id: idColumn(),
    parentId: text('parent_id'),
    /** Stable key of the built-in catalogue; null for menus added by administrators. */
    catalogueKey: text('catalogue_key'),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    path: text('path'),
    name: text('name'),
    component: text('component'),
    redirect: text('redirect'),
    icon: text('icon'),
    permission: text('permission'),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    affix: boolean('affix').notNull().default(false),
    activeMenu: text('active_menu'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_menu_catalogue_key_uq').on(t.catalogueKey), index('sys_menu_parent_idx').on(t.parentId)],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: text('role_id').notNull(),
    menuId: text('menu_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** One-time codes sent to a mobile (forgot password). Only a hash of the code is kept. */
export const sysSmsCode = pgTable(
  'sys_sms_code',
  {
    id: idColumn(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sys_sms_code_mobile_idx').on(t.mobile, t.createdAt),
    index('sys_sms_code_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const sysDic = pgTable('sys_dic', {
  id: idColumn(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  remark: text('remark'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sysDicValue = pgTable(
  'sys_dic_value',
  {
    id: idColumn(),
    dicCode: text('dic_code').notNull(),
    parentId: text('parent_id'),
    value: text('value').notNull(),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_dic_value_uq').on(t.dicCode, t.value), index('sys_dic_value_parent_idx').on(t.parentId)],
);

/** Site config, a single row with id '1' (SPEC 3 "Site config"). */
export const sysConfig = pgTable('sys_config', {
  id: text('id').primaryKey(),
  siteName: text('site_name').notNull(),
  frontLogo: text('front_logo'),
  backLogo: text('back_logo'),
  copyRight: text('copy_right'),
  tagsView: boolean('tags_view').notNull().default(true),
  fixedHeader: boolean('fixed_header').notNull().default(true),
  sidebarLogo: boolean('sidebar_logo').notNull().default(true),
  faceLogin: boolean('face_login').notNull().default(false),
  mobileLogin: boolean('mobile_login').notNull().default(false),
  wechatLogin: boolean('wechat_login').notNull().default(false),
  dingtalkLogin: boolean('dingtalk_login').notNull().default(false),
  /** Enterprise OpenID Connect sign-in. */
  oidcLogin: boolean('oidc_login').notNull().default(false),
  /** Third-party sign-in settings with secrets: { wechat: {...}, dingtalk: {...}, oidc: {...} } (never public). */
  oauth: jsonb('oauth').$type<Record<string, Record<string, string>>>().notNull().default({}),
  /** Whether students may register themselves. */
  regOpen: boolean('reg_open').notNull().default(true),
  /** Whether a registered student waits for approval (state 2) before signing in. */
  regReview: boolean('reg_review').notNull().default(false),
  /** SMS sender: { provider: 'log' | 'aliyun', accessKeyId, accessKeySecret, signName, templateCode, endpoint }. */
  sms: jsonb('sms').$type<Record<string, string>>().notNull().default({ provider: 'log' }),
  /** Storage folder for uploads (SPEC 5 directory rule); null means DATA_DIR/files. */
  storageDir: text('storage_dir'),
  updatedAt: updatedAt(),
});

/** The configuration list of SPEC 3 (title/value); the item titled pathUrl is the second service's base address. */
export const sysConfigItem = pgTable('sys_config_item', {
  id: idColumn(),
  title: text('title').notNull().unique(),
  value: text('value').notNull().default(''),
  remark: text('remark'),
  updatedAt: updatedAt(),
});

export const sysMsg = pgTable('sys_msg', {
  id: idColumn(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  senderId: text('sender_id'),
  createdAt: createdAt(),
});

/** One row per recipient of a message. */
export const sysUserMsg = pgTable(
  'sys_user_msg',
  {
    id: idColumn(),
    msgId: text('msg_id').notNull(),
    userId: text('user_id').notNull(),
    readAt: tz('read_at'),
    deletedAt: tz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_user_msg_user_idx').on(t.userId, t.readAt), uniqueIndex('sys_user_msg_uq').on(t.msgId, t.userId)],
);

/** Uploaded files, served by their unguessable id. */
export const sysFile = pgTable('sys_file', {
  id: text('id').primaryKey(),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  storagePath: text('storage_path').notNull(),
  ownerId: text('owner_id'),
  /** 'public' files are served to anyone holding the id; 'private' ones need a signed-in token. */
  audience: text('audience').notNull().default('public'),
  createdAt: createdAt(),
});
