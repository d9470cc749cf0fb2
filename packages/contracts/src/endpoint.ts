/**
 * One object per API call (path, request and answer schemas, who may call it, whether it is an
 * operation for the audit log). The server registers its route from it, the web calls through it and
 * tests use its path, so a typo in a path or a tag is a type error.
 */
import type { z } from 'zod';
import type { PermissionTag } from './permissions.js';

/** Anyone, any signed-in user, or an administrator holding the tag. */
export type EndpointAccess = 'public' | 'user' | { permission: PermissionTag };

interface EndpointBase {
  readonly path: `/api/${string}`;
  readonly access: EndpointAccess;
  /** Written to the operation log (an administrator's write, not a read). */
  readonly operation: boolean;
}

/** A JSON call answered with the `{code, msg, data}` envelope. */
export interface JsonEndpoint<B extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> extends EndpointBase {
  readonly kind: 'json';
  /** No body schema: the body is not validated (calls without input). */
  readonly body?: B;
  readonly data: D;
}

/** A download: a file on success, the JSON envelope on error (SPEC 7). */
export interface FileEndpoint<B extends z.ZodType = z.ZodType> extends EndpointBase {
  readonly kind: 'file';
  readonly body?: B;
}

/** A multipart upload answered with the envelope. */
export interface UploadEndpoint<D extends z.ZodType = z.ZodType> extends EndpointBase {
  readonly kind: 'upload';
  readonly data: D;
}

export type Endpoint = JsonEndpoint | FileEndpoint | UploadEndpoint;

export const endpoint = <B extends z.ZodType = z.ZodObject<{}>, D extends z.ZodType = z.ZodNull>(
  def: Omit<JsonEndpoint<B, D>, 'kind'>,
): JsonEndpoint<B, D> => ({ kind: 'json', ...def });

export const fileEndpoint = <B extends z.ZodType = z.ZodObject<{}>>(
  def: Omit<FileEndpoint<B>, 'kind'>,
): FileEndpoint<B> => ({ kind: 'file', ...def });

export const uploadEndpoint = <D extends z.ZodType>(def: Omit<UploadEndpoint<D>, 'kind'>): UploadEndpoint<D> => ({
  kind: 'upload',
  ...def,
});

/** The request body a caller sends (before defaults); `{}` for a call without a body schema. */
export type BodyIn<E extends { body?: z.ZodType }> = z.input<NonNullable<E['body']>>;
/** The data of a successful answer. */
export type DataOut<E extends { data: z.ZodType }> = z.output<E['data']>;
