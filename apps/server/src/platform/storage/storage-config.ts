/**
 * Which backend keeps the files: STORAGE=local (default, DATA_DIR) or STORAGE=s3 with
 * S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY, S3_SECRET_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX.
 * A missing setting stops the start with a Chinese message naming it, never a silent fallback to
 * the local folder (several instances would each keep their own files).
 */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string | null;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      prefix: string;
    };

export function parseStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE ?? 'local').trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE 只能是 local 或 s3：${env.STORAGE}`);
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`STORAGE=s3 需要设置 ${name}`);
    return value;
  };
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  return {
    kind: 's3',
    endpoint,
    bucket: need('S3_BUCKET'),
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY'),
    secretAccessKey: need('S3_SECRET_KEY'),
    // Self-hosted servers (MinIO) want the bucket in the path; AWS itself the virtual host.
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : Boolean(endpoint),
    prefix: env.S3_PREFIX?.trim() ?? '',
  };
}
