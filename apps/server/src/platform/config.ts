/** Process configuration, read once from the environment. */
import { createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ChallengeAction, type TChallengeAction } from '@exam/contracts';
import type { AccessLogOptions } from './access-log.js';
import { parseStorageConfig, type StorageConfig } from './storage/storage-config.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from './time-zone.js';

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** Folder of the embedded database and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Sliding token lifetime (idle limit). */
  tokenTtlMs: number;
  /** Absolute token lifetime from sign-in, however active the session. */
  tokenMaxAgeMs: number;
  /** Upload limit per file: the largest purpose (course media, administrators only). */
  uploadMaxBytes: number;
  /** Total bytes a learner may keep uploaded (administrators: 10 times as much). */
  uploadQuotaBytes: number;
  /** Default JSON body limit; routes that need more declare their own (route.ts bodyLimit). */
  bodyLimitBytes: number;
  /** Slow-client limits (Node http server): whole request, headers, idle keep-alive, idle socket. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionTimeoutMs: number;
  /** Server processes sharing the port (WORKERS: a number or `auto` = one per core; 1 by default). */
  workers: number;
  /** How long a token's facts and permission tags are trusted from memory (the bound when an invalidation is lost). */
  authCacheMs: number;
  /** Built web app to serve, when present. */
  webDistDir: string | null;
  logLevel: string;
  /** Which finished requests the server logs (platform/access-log.ts); nginx keeps the full log. */
  accessLog: AccessLogOptions;
  /**
   * Addresses (or CIDRs) of reverse proxies whose X-Forwarded-For is believed; false trusts none.
   * Never `true`: trusting any sender would let a forged header escape every per-address limit.
   */
  trustProxy: string[] | false;
  /** IANA time zone of the site's calendar: day boundaries, cycles, dates in exports (TIME_ZONE). */
  timeZone: string;
  /** Key of the fixed per-learner order of a question's items in the bank's views (VIEW_ORDER_SECRET). */
  viewOrderSecret: string;
  /** Outbox batches delivered at once on PostgreSQL (OUTBOX_WORKERS, 1-8; PGlite always 1). */
  outboxWorkers: number;
  /** Outbox deliveries claimed per batch (OUTBOX_BATCH); null: the database's default (events/install.ts). */
  outboxBatch: number | null;
  /** Where kept files live: the local folder or an S3-compatible bucket (STORAGE, S3_*). */
  storage: StorageConfig;
  /**
   * Downloads of /api/common/file from a backend that signs URLs (S3): a 302 to a presigned GET
   * valid this long (DOWNLOAD_URL_SECONDS, default 300); 0 streams them through the server.
   */
  downloadUrlSeconds: number;
  /** The realtime stream's limits (platform/realtime/stream.ts); fixed, tests shorten them. */
  realtime: RealtimeLimits;
  /** The actions a face check may ask for (FACE_CHALLENGE_ACTIONS, comma list; default all five). */
  faceChallengeActions: TChallengeAction[];
}

export interface RealtimeLimits {
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Bytes a connection may have waiting to be sent; a client further behind is cut off. */
  sendBufferBytes: number;
  /** A stream ends after this long; the client takes a new ticket (the session is checked again). */
  maxStreamMs: number;
  /**
   * A stream's frames wait this long to leave as one chunk (platform/realtime/coalesce.ts); 0 writes
   * each at once. Absent: 100 ms.
   */
  coalesceMs?: number;
}

/** WORKERS: `auto` is one process per core, or a whole number from 1 (at most 64); a typo stops the start. */
export function parseWorkers(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 1;
  if (value === 'auto') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKERS 应为正整数或 auto：${value}`);
  return Math.min(64, n);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    nodeEnv: env.NODE_ENV ?? 'development',
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? 'localhost',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 24) * 3600_000,
    tokenMaxAgeMs: Number(env.TOKEN_MAX_AGE_HOURS ?? 7 * 24) * 3600_000,
    uploadMaxBytes: Number(env.UPLOAD_MAX_MB ?? 200) * 1024 * 1024,
    uploadQuotaBytes: Number(env.UPLOAD_QUOTA_MB ?? 100) * 1024 * 1024,
    bodyLimitBytes: Number(env.BODY_LIMIT_KB ?? 256) * 1024,
    // Uploads may take SPEC 9's 20 minutes; a JSON call is over in well under a second.
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_S ?? 1200) * 1000,
    headersTimeoutMs: Number(env.HEADERS_TIMEOUT_S ?? 15) * 1000,
    keepAliveTimeoutMs: Number(env.KEEP_ALIVE_TIMEOUT_S ?? 65) * 1000,
    connectionTimeoutMs: Number(env.IDLE_TIMEOUT_S ?? 120) * 1000,
    // Every writer invalidates at once (authChanged, through Redis across instances): the TTL only
    // bounds a lost invalidation. At 5 s a learner saving every 5 s missed it on most saves.
    workers: parseWorkers(env.WORKERS),
    authCacheMs: Math.max(0, Number(env.AUTH_CACHE_SECONDS ?? 60) || 0) * 1000,
    webDistDir: env.WEB_DIST_DIR ?? null,
    logLevel: env.LOG_LEVEL ?? 'info',
    accessLog: {
      sampleRate: Math.min(1, Math.max(0, Number(env.ACCESS_LOG_SAMPLE ?? 0.01) || 0)),
      slowMs: Number(env.SLOW_REQUEST_MS ?? 1000) || 1000,
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeZone: parseTimeZone(env.TIME_ZONE),
    viewOrderSecret: viewOrderSecret(env),
    outboxWorkers: Math.min(8, Math.max(1, Math.trunc(Number(env.OUTBOX_WORKERS ?? 3)) || 3)),
    outboxBatch: env.OUTBOX_BATCH ? Math.min(1000, Math.max(1, Math.trunc(Number(env.OUTBOX_BATCH)) || 1)) : null,
    realtime: { heartbeatMs: 15_000, sendBufferBytes: 1024 * 1024, maxStreamMs: 30 * 60_000 },
    storage: parseStorageConfig(env),
    faceChallengeActions: parseChallengeActions(env.FACE_CHALLENGE_ACTIONS),
    downloadUrlSeconds: Math.max(0, Math.floor(Number(env.DOWNLOAD_URL_SECONDS ?? 300) || 0)),
  };
}

/** The fixed development key: known to anyone who reads the code, so never used in production. */
export const DEV_VIEW_ORDER_SECRET = 'exam-dev-view-order-secret';
let processViewOrderSecret: string | null = null;

/**
 * VIEW_ORDER_SECRET keys the order in which one learner always sees a question's items in the bank's
 * views (repo/kinds/arrange.ts). Whoever knows it can compute the shown order back to the stored one,
 * which for an ordering question is the key. Unset: a fixed key in development and tests, and in
 * production a random key per process (orders then change at a restart and differ between
 * instances, which reveals nothing; set the variable to keep them fixed).
 */
export function viewOrderSecret(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.VIEW_ORDER_SECRET?.trim();
  if (set) return set;
  if ((env.NODE_ENV ?? 'development') !== 'production') return DEV_VIEW_ORDER_SECRET;
  processViewOrderSecret ??= randomBytes(32).toString('hex');
  return processViewOrderSecret;
}

/**
 * The key that signs a second camera's link (远程监考, modules/proctor/room/second-token.ts): the
 * link is the phone's only key to one paper's uploads. PROCTOR_LINK_SECRET when set (needed when
 * several machines serve the site, so that each accepts the others' links); otherwise derived from
 * VIEW_ORDER_SECRET (a cluster's workers share the primary's), which is itself a random key per
 * process in production when unset (links then stop working at a restart, and the learner shows a
 * new QR code).
 */
export function proctorLinkSecret(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.PROCTOR_LINK_SECRET?.trim();
  if (set) return set;
  return createHmac('sha256', viewOrderSecret(env)).update('proctor-second-camera-link').digest('hex');
}

/** TIME_ZONE: an IANA name such as Asia/Shanghai (the default); a typo stops the start, loudly. */
export function parseTimeZone(value: string | undefined): string {
  const zone = value?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(zone)) throw new Error(`TIME_ZONE 不是有效的 IANA 时区名称：${zone}（例如 Asia/Shanghai）`);
  return zone;
}

/**
 * FACE_CHALLENGE_ACTIONS: the face check's actions, e.g. `turn-left,turn-right,blink`; empty means
 * all five. An unknown name stops the server at start rather than silently weakening the check.
 */
export function parseChallengeActions(value: string | undefined): TChallengeAction[] {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) return [...ChallengeAction];
  const unknown = names.filter((n) => !(ChallengeAction as readonly string[]).includes(n));
  if (unknown.length)
    throw new Error(`FACE_CHALLENGE_ACTIONS: unknown action ${unknown.join(', ')} (use ${ChallengeAction.join(', ')})`);
  return [...new Set(names)] as TChallengeAction[];
}

/** Loopback: nginx on the same machine, what the old `TRUST_PROXY=1` meant in practice. */
const LOOPBACK = ['127.0.0.1', '::1'];

/** TRUST_PROXY: a comma-separated list of proxy addresses/CIDRs; `1`/`true` mean loopback only. */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const text = (value ?? '').trim();
  if (!text || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return LOOPBACK;
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
