/** Site config (single row '1') and the title/value config list. SMS secrets are write-only. */
import {
  OAUTH_PROVIDERS,
  OAUTH_SECRET_FIELDS,
  SECRET_MASK,
  type TAdminConfig,
  type TConfigItem,
  type TConfigItemSave,
  type TConfigSave,
  type TOauthConfig,
  type TSiteConfig,
  type TSmsConfig,
} from '@exam/contracts';
import { asc, eq } from 'drizzle-orm';
import { sysConfig, sysConfigItem } from '../../../db/schema/index.js';
import type { Db, Executor } from '../../../platform/db.js';
import { notFound } from '../../../platform/errors.js';

export const CONFIG_ID = '1';
type ConfigRow = typeof sysConfig.$inferSelect;

async function loadRow(db: Executor): Promise<ConfigRow> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.id, CONFIG_ID));
  if (!row) throw notFound('系统配置');
  return row;
}

function siteOf(row: ConfigRow): TSiteConfig {
  return {
    siteName: row.siteName,
    frontLogo: row.frontLogo,
    backLogo: row.backLogo,
    copyRight: row.copyRight,
    tagsView: row.tagsView,
    fixedHeader: row.fixedHeader,
    sidebarLogo: row.sidebarLogo,
    faceLogin: row.faceLogin,
    mobileLogin: row.mobileLogin,
    wechatLogin: row.wechatLogin,
    dingtalkLogin: row.dingtalkLogin,
    oidcLogin: row.oidcLogin,
    oidcName: row.oauth.oidc?.name || null,
    regOpen: row.regOpen,
    regReview: row.regReview,
  };
}

/** The public site data (SPEC 7 /api/sys/config/detail): no secret ever. */
export async function siteConfig(db: Executor): Promise<TSiteConfig> {
  return siteOf(await loadRow(db));
}

function maskedSms(sms: Record<string, string>): TSmsConfig {
  return {
    provider: sms.provider === 'aliyun' || sms.provider === 'http' ? sms.provider : 'log',
    accessKeyId: sms.accessKeyId ?? null,
    accessKeySecret: sms.accessKeySecret ? SECRET_MASK : null,
    signName: sms.signName ?? null,
    templateCode: sms.templateCode ?? null,
    endpoint: sms.endpoint ?? null,
    httpUrl: sms.httpUrl ?? null,
    httpTemplate: sms.httpTemplate ?? null,
  };
}

/** The third-party sign-in settings with each provider's secret masked. */
function maskedOauth(oauth: Record<string, Record<string, string>>): TOauthConfig {
  const out: Record<string, Record<string, string | null>> = {};
  for (const provider of OAUTH_PROVIDERS) {
    const settings = { ...(oauth[provider] ?? {}) } as Record<string, string | null>;
    const secret = OAUTH_SECRET_FIELDS[provider];
    settings[secret] = settings[secret] ? SECRET_MASK : null;
    out[provider] = settings;
  }
  return out as TOauthConfig;
}

/** Saved settings: a masked or empty secret keeps the stored one; empty values are dropped. */
function mergeOauth(
  stored: Record<string, Record<string, string>>,
  input: TOauthConfig,
): Record<string, Record<string, string>> {
  const out = { ...stored };
  for (const provider of OAUTH_PROVIDERS) {
    const given = input[provider] as Record<string, string | null | undefined> | undefined;
    if (!given) continue;
    const secret = OAUTH_SECRET_FIELDS[provider];
    const kept = !given[secret] || given[secret] === SECRET_MASK ? stored[provider]?.[secret] : given[secret];
    out[provider] = Object.fromEntries(
      Object.entries({ ...given, [secret]: kept }).filter(([, v]) => v !== null && v !== undefined && v !== ''),
    ) as Record<string, string>;
  }
  return out;
}

/** The full config for administrators, with the SMS secret masked. */
export async function adminConfig(db: Executor): Promise<TAdminConfig> {
  const row = await loadRow(db);
  return { ...siteOf(row), sms: maskedSms(row.sms), oauth: maskedOauth(row.oauth), storageDir: row.storageDir };
}

/** Saves the config; a masked or empty secret keeps the stored one. */
export async function saveConfig(db: Db, input: TConfigSave): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sysConfig).where(eq(sysConfig.id, CONFIG_ID)).for('update');
    if (!row) throw notFound('系统配置');
    const { sms: smsInput, storageDir, oauth: oauthInput, oidcName: _oidcName, ...site } = input;
    let sms = row.sms;
    if (smsInput) {
      const secret =
        !smsInput.accessKeySecret || smsInput.accessKeySecret === SECRET_MASK
          ? row.sms.accessKeySecret
          : smsInput.accessKeySecret;
      sms = Object.fromEntries(
        Object.entries({ ...smsInput, accessKeySecret: secret }).filter(([, v]) => v !== null && v !== undefined),
      ) as Record<string, string>;
    }
    await tx
      .update(sysConfig)
      .set({
        ...site,
        sms,
        oauth: oauthInput ? mergeOauth(row.oauth, oauthInput) : row.oauth,
        storageDir: storageDir === undefined ? row.storageDir : storageDir,
      })
      .where(eq(sysConfig.id, CONFIG_ID));
  });
}

/** The title/value list (SPEC 3), including pathUrl. */
export async function configItems(db: Executor): Promise<TConfigItem[]> {
  return db
    .select({
      id: sysConfigItem.id,
      title: sysConfigItem.title,
      value: sysConfigItem.value,
      remark: sysConfigItem.remark,
    })
    .from(sysConfigItem)
    .orderBy(asc(sysConfigItem.title));
}

/** Creates or updates an item by title (atomic upsert). */
export async function saveConfigItem(db: Executor, input: TConfigItemSave): Promise<void> {
  await db
    .insert(sysConfigItem)
    .values({ title: input.title, value: input.value, remark: input.remark ?? null })
    .onConflictDoUpdate({
      target: sysConfigItem.title,
      set: {
        value: input.value,
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        updatedAt: new Date(),
      },
    });
}

/** The storage folder of uploads, when the administrator set one. */
export async function storageDirSetting(db: Executor): Promise<string | null> {
  const [row] = await db.select({ dir: sysConfig.storageDir }).from(sysConfig).where(eq(sysConfig.id, CONFIG_ID));
  return row?.dir ?? null;
}
