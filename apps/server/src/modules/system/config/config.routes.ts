/** /api/sys/config/* calls. */
import {
  PATH_URL_ITEM,
  sysConfigAdminDetail,
  sysConfigDetail,
  sysConfigList,
  sysConfigSave,
  sysConfigSaveItem,
} from '@exam/contracts';
import type { FastifyInstance } from 'fastify';
import { badParams } from '../../../platform/errors.js';
import { route } from '../../../platform/route.js';
import { adminConfig, configItems, saveConfig, saveConfigItem, siteConfig } from './config.service.js';
import { namesOwnSite, OWN_ADDRESS_MESSAGE } from './own-address.js';

const TAGS = ['系统配置'];

export function registerConfigRoutes(app: FastifyInstance): void {
  route(app, sysConfigDetail, { summary: '站点配置（公开）', tags: TAGS }, async ({ deps }) => ({
    ...(await siteConfig(deps.db)),
    timeZone: deps.config.timeZone,
  }));

  route(app, sysConfigAdminDetail, { summary: '完整系统配置', tags: TAGS }, async ({ deps }) => adminConfig(deps.db));

  route(app, sysConfigSave, { summary: '保存系统配置', tags: TAGS }, async ({ body, deps }) => {
    await saveConfig(deps.db, body);
    return null;
  });

  route(app, sysConfigList, { summary: '配置项列表', tags: TAGS }, async ({ deps }) => configItems(deps.db));

  route(app, sysConfigSaveItem, { summary: '保存配置项', tags: TAGS }, async ({ body, deps, request }) => {
    const site = { host: request.host, protocol: request.protocol, listenPort: deps.config.port };
    if (body.title === PATH_URL_ITEM && body.value && (await namesOwnSite(body.value, site)))
      throw badParams(OWN_ADDRESS_MESSAGE);
    await saveConfigItem(deps.db, body);
    return null;
  });
}
