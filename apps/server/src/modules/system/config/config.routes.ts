/** /api/sys/config/* calls. */
import {
  ZAdminConfigSchema,
  ZConfigDetailSchema,
  ZConfigItemSaveSchema,
  ZConfigItemSchema,
  ZConfigSaveSchema,
  ZSiteConfigSchema,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC, permission, post, SIGNED_IN } from '../../../platform/route.js';
import { adminConfig, configItems, saveConfig, saveConfigItem, siteConfig } from './config.service.js';

const TAGS = ['系统配置'];
const SAVE = permission('sys:config:save');

export function registerConfigRoutes(app: FastifyInstance): void {
  post(
    app,
    '/api/sys/config/detail',
    // The body ({id: '1'}, SPEC 7) is optional: there is one config row.
    {
      summary: '站点配置（公开）',
      tags: TAGS,
      access: PUBLIC,
      body: ZConfigDetailSchema.nullish(),
      data: ZSiteConfigSchema,
    },
    async ({ deps }) => siteConfig(deps.db),
  );

  post(
    app,
    '/api/sys/config/admin-detail',
    { summary: '完整系统配置', tags: TAGS, access: SAVE, audit: false, data: ZAdminConfigSchema },
    async ({ deps }) => adminConfig(deps.db),
  );

  post(
    app,
    '/api/sys/config/save',
    { summary: '保存系统配置', tags: TAGS, access: SAVE, body: ZConfigSaveSchema, data: z.null() },
    async ({ body, deps }) => {
      await saveConfig(deps.db, body);
      return null;
    },
  );

  post(
    app,
    '/api/sys/config/list',
    { summary: '配置项列表', tags: TAGS, access: SIGNED_IN, data: z.array(ZConfigItemSchema) },
    async ({ deps }) => configItems(deps.db),
  );

  post(
    app,
    '/api/sys/config/save-item',
    { summary: '保存配置项', tags: TAGS, access: SAVE, body: ZConfigItemSaveSchema, data: z.null() },
    async ({ body, deps }) => {
      await saveConfigItem(deps.db, body);
      return null;
    },
  );
}
