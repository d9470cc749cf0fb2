/**
 * The object-storage backend of the storage port: a blob is the object `<prefix><key>`
 * in one bucket of an S3-compatible store (MinIO in production, AWS S3, or any server speaking the
 * protocol), through the official AWS SDK. Uploads are streamed (multipart above 8 MB, so a large
 * course video is never held whole in memory), downloads are streamed with Range, and `signedUrl`
 * answers a short-lived presigned GET the browser may use directly.
 * An object only appears once all its bytes arrived (S3 semantics, and lib-storage aborts a
 * failed multipart upload), so a failed put keeps the old bytes: the contract of `put`.
 */
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertBlobKey, type BlobBody, type BlobRead, type BlobStat, type BlobStore } from './blob-store.js';

export interface S3BlobStoreOptions {
  /** The server's address, e.g. http://minio:9000; omitted for AWS S3 itself. */
  endpoint?: string | null;
  bucket: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers need. */
  forcePathStyle?: boolean;
  /** Prepended to every key, to share a bucket with something else (`exam/`). */
  prefix?: string;
  /**
   * Maps a location recorded before keys existed (an absolute path under DATA_DIR) to its key;
   * the local layout's own rule (LocalBlobStore.keyOfLegacyPath), since the migration copied
   * that layout into the bucket key for key.
   */
  keyOfLegacyPath?: (location: string) => Promise<string | null>;
}

/** Multipart part size: the SDK's minimum is 5 MB; 8 MB keeps a few parts in memory at most. */
const PART_SIZE = 8 * 1024 * 1024;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  readonly keyOfLegacyPath?: (location: string) => Promise<string | null>;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.keyOfLegacyPath = options.keyOfLegacyPath;
    this.client = new S3Client({
      endpoint: options.endpoint || undefined,
      region: options.region || 'us-east-1',
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Checksums only where the protocol requires them: self-hosted servers (MinIO's older
      // releases, s3rver) do not all understand the SDK's default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    assertBlobKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: BlobBody, options: { contentType?: string } = {}): Promise<{ size: number }> {
    const Key = this.objectKey(key);
    let size = 0;
    let source: Readable | Buffer | Uint8Array;
    if (Buffer.isBuffer(body) || body instanceof Uint8Array) {
      size = body.byteLength;
      source = body;
    } else {
      // Counted as it passes: the size is known only once the last byte went to the store.
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      const input = body as Readable;
      input.on('error', (err) => counter.destroy(err));
      source = input.pipe(counter);
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: source, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size };
  }

  async stat(key: string): Promise<BlobStat | null> {
    const Key = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<BlobRead | null> {
    const Key = this.objectKey(key);
    if (
      range &&
      (!Number.isInteger(range.start) || range.start < 0 || (range.end !== undefined && range.end < range.start))
    )
      throw new RangeError(`unsatisfiable range ${range.start}-${range.end ?? ''}`);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const mtime = res.LastModified ?? new Date(0);
      const stream = (res.Body as Readable | undefined) ?? Readable.from([]);
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
      if (m) return { stream, mtime, start: Number(m[1]), end: Number(m[2]), size: Number(m[3]) };
      const size = res.ContentLength ?? 0;
      // A store that ignored the range (a range starting past an empty object) answered it all.
      if (range && range.start >= size) {
        stream.resume();
        throw new RangeError(`unsatisfiable range ${range.start}- of ${size} bytes`);
      }
      return { stream, mtime, size, start: 0, end: size - 1 };
    } catch (err) {
      if (notFound(err)) return null;
      if (err instanceof S3ServiceException && err.$metadata?.httpStatusCode === 416)
        throw new RangeError(`unsatisfiable range ${range?.start}-${range?.end ?? ''}`);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** A presigned GET, valid `ttlSeconds`; the store checks the signature and the expiry. */
  async signedUrl(
    key: string,
    ttlSeconds: number,
    options: { contentType?: string; contentDisposition?: string } = {},
  ): Promise<string | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.client, command, { expiresIn: ttlSeconds });
  }

  async localPath(key: string): Promise<string | null> {
    assertBlobKey(key);
    return null;
  }

  /** For the health endpoint: the bucket answers with these credentials. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
