/**
 * The assistant's settings: rows of the dictionary aiExam_conf, one per setting, the
 * row's `value` the setting's code and its `remark` the setting (so the 字典管理 page shows them);
 * the API key is kept in el_assistant_key and the dictionary row only shows it masked. Off until an
 * administrator switches it on with a base URL and a model: nothing leaves the server before.
 */
import { ASSISTANT_DIC, ASSISTANT_KEYS, type TAssistantConf } from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { elAssistantKey, sysDicValue } from '../../db/schema/index.js';
import type { Db, Executor } from '../../platform/db.js';
import { putDicRemarks } from '../system/dict/dict.service.js';

/** The settings with the real key, for the server's own use only. */
export interface AssistantSettings extends Omit<TAssistantConf, 'apiKey' | 'hasKey'> {
  apiKey: string;
}

export const DEFAULT_SETTINGS: AssistantSettings = {
  enabled: false,
  baseUrl: '',
  model: '',
  apiKey: '',
  audit: false,
  invite: true,
  dailyTokens: 20_000,
  perMinute: 10,
  timeoutSeconds: 60,
};

const TITLES: Record<keyof typeof ASSISTANT_KEYS, string> = {
  enabled: '启用教学助手',
  baseUrl: '教学助手地址',
  model: '模型名称',
  apiKey: 'API Key',
  audit: '记录对话内容',
  invite: '本地大模型体验邀请',
  dailyTokens: '每人每日Token上限',
  perMinute: '每人每分钟调用上限',
  timeoutSeconds: '超时秒数',
};

const flag = (v: string | undefined, fallback: boolean) => (v === undefined || v === '' ? fallback : v === '1');
const int = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** sk-****abcd: enough for an administrator to recognise the key, never the key. */
export const maskKey = (key: string): string => (key ? `${key.slice(0, 3)}****${key.slice(-4)}` : '');

export async function readSettings(db: Executor): Promise<AssistantSettings> {
  const rows = await db
    .select({ value: sysDicValue.value, remark: sysDicValue.remark })
    .from(sysDicValue)
    .where(eq(sysDicValue.dicCode, ASSISTANT_DIC));
  const by = new Map(rows.map((r) => [r.value, (r.remark ?? '').trim()]));
  const get = (k: keyof typeof ASSISTANT_KEYS) => by.get(ASSISTANT_KEYS[k]);
  const [key] = await db.select({ apiKey: elAssistantKey.apiKey }).from(elAssistantKey);
  const d = DEFAULT_SETTINGS;
  return {
    enabled: flag(get('enabled'), d.enabled),
    baseUrl: get('baseUrl') ?? '',
    model: get('model') ?? '',
    apiKey: key?.apiKey ?? '',
    audit: flag(get('audit'), d.audit),
    invite: flag(get('invite'), d.invite),
    dailyTokens: int(get('dailyTokens'), d.dailyTokens),
    perMinute: Math.max(1, int(get('perMinute'), d.perMinute)),
    timeoutSeconds: Math.max(1, int(get('timeoutSeconds'), d.timeoutSeconds)),
  };
}

/** Switched on and complete enough to call: the only state in which anything is sent. */
export const isOn = (s: AssistantSettings): boolean => s.enabled && /^https?:\/\//.test(s.baseUrl) && Boolean(s.model);

/** What an administrator reads: the key masked. */
export async function confDetail(db: Executor): Promise<TAssistantConf> {
  const { apiKey, ...rest } = await readSettings(db);
  return { ...rest, apiKey: maskKey(apiKey), hasKey: Boolean(apiKey) };
}

/** Writes the settings into aiExam_conf (creating the dictionary or rows when missing) and the key. */
export async function saveConf(db: Db, input: TAssistantConf): Promise<void> {
  const current = await readSettings(db);
  // A masked or empty key keeps the stored one; a new one replaces it.
  const typed = (input.apiKey ?? '').trim();
  const apiKey = !typed || typed === maskKey(current.apiKey) ? current.apiKey : typed;
  const remarks: Record<keyof typeof ASSISTANT_KEYS, string> = {
    enabled: input.enabled ? '1' : '0',
    baseUrl: input.baseUrl,
    model: input.model,
    apiKey: maskKey(apiKey),
    audit: input.audit ? '1' : '0',
    invite: input.invite ? '1' : '0',
    dailyTokens: String(input.dailyTokens),
    perMinute: String(input.perMinute),
    timeoutSeconds: String(input.timeoutSeconds),
  };
  await db.transaction(async (tx) => {
    await putDicRemarks(
      tx,
      { code: ASSISTANT_DIC, title: 'AI考试配置' },
      (Object.entries(ASSISTANT_KEYS) as [keyof typeof ASSISTANT_KEYS, string][]).map(([name, code]) => ({
        value: code,
        title: TITLES[name],
        remark: remarks[name],
      })),
    );
    await tx
      .insert(elAssistantKey)
      .values({ id: '1', apiKey })
      .onConflictDoUpdate({ target: elAssistantKey.id, set: { apiKey } });
  });
}
