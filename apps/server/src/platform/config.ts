/** Process configuration, read once from the environment. */
import path from 'node:path';

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** Folder of the embedded database and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Sliding token lifetime. */
  tokenTtlMs: number;
  /** Upload limit per file. */
  uploadMaxBytes: number;
  /** Built web app to serve, when present. */
  webDistDir: string | null;
  logLevel: string;
  /** Trust X-Forwarded-For from a reverse proxy (nginx) for client IPs. */
  trustProxy: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    nodeEnv: env.NODE_ENV ?? 'development',
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 24) * 3600_000,
    uploadMaxBytes: Number(env.UPLOAD_MAX_MB ?? 200) * 1024 * 1024,
    webDistDir: env.WEB_DIST_DIR ?? null,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
