/** Endpoints of config. */

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  ZAdminConfigSchema,
  ZConfigDetailSchema,
  ZConfigItemSaveSchema,
  ZConfigItemSchema,
  ZConfigSaveSchema,
  ZPublicSiteConfigSchema,
} from '../system/config.js';

export const sysConfigDetail = endpoint({
  path: '/api/sys/config/detail',
  body: ZConfigDetailSchema.nullish(),
  data: ZPublicSiteConfigSchema,
  access: 'public',
  operation: false,
});

export const sysConfigAdminDetail = endpoint({
  path: '/api/sys/config/admin-detail',
  data: ZAdminConfigSchema,
  access: { permission: 'sys:config:save' },
  operation: false,
});

export const sysConfigSave = endpoint({
  path: '/api/sys/config/save',
  body: ZConfigSaveSchema,
  data: z.null(),
  access: { permission: 'sys:config:save' },
  operation: true,
});

export const sysConfigList = endpoint({
  path: '/api/sys/config/list',
  data: z.array(ZConfigItemSchema),
  access: 'user',
  operation: false,
});

export const sysConfigSaveItem = endpoint({
  path: '/api/sys/config/save-item',
  body: ZConfigItemSaveSchema,
  data: z.null(),
  access: { permission: 'sys:config:save' },
  operation: true,
});
