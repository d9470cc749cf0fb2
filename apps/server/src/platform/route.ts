/**
 * Declares an API call: `POST <url>` with a zod body, a zod answer, who may call it, and a handler
 * that returns the data. The wrapper validates, authenticates, authorises, wraps the answer in
 * `{code, msg, data}`, documents it in OpenAPI and records administrator writes (STYLE 2, 4, 7).
 */
import {
  type EndpointAccess,
  ErrorCode,
  type FileEndpoint,
  type JsonEndpoint,
  type PermissionTag,
  type UploadEndpoint,
  zEnvelope,
} from '@exam/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { writeAuditLog } from './audit.js';
import { type AuthUser, assertPermission } from './auth.js';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';
import { multipartRefusal } from './multipart-guard.js';
import { askForEndpoint, withAskLog } from './policy/index.js';

/** Who may call: anyone, any signed-in user, or an administrator holding a permission tag. */
export type Access = { kind: 'public' } | { kind: 'user' } | { kind: 'admin'; permission: PermissionTag };
export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };
export const permission = (tag: PermissionTag): Access => ({ kind: 'admin', permission: tag });

export interface RouteSpec<B extends z.ZodType, D extends z.ZodType> {
  summary: string;
  tags: string[];
  access: Access;
  body?: B;
  data: D;
  /** Record the call in the operation log; defaults to true for administrator writes. */
  audit?: boolean;
  /**
   * A flood cap. Counted per address by default; `per: 'user'` counts per signed-in user (the
   * address for a caller without a valid token): many learners of one office share a NAT address.
   */
  rateLimit?: { max: number; timeWindow: number | string; per?: 'address' | 'user' };
  /** Body limit in bytes when the app's small default (config.bodyLimitBytes) is not the right one. */
  bodyLimit?: number;
  /**
   * The answer can hold question data, so its service hides keys through the sitting-learner
   * guard (modules/sitting/sitting-guard.ts). Published as `x-question-data` in the OpenAPI
   * document, where the walker test checks it.
   */
  questionData?: boolean;
}

const questionDataDoc = (spec: { questionData?: boolean }) => (spec.questionData ? { 'x-question-data': true } : {});

/** The caller a per-user cap counts: the user the app's onRequest hook found, else the address. */
export const rateLimitKey = (request: Pick<FastifyRequest, 'authUser' | 'ip'>): string =>
  request.authUser ? `user:${request.authUser.id}` : `ip:${request.ip}`;

/** @fastify/rate-limit's per-route config of a route's cap. */
function rateLimitConfig(cap: RouteSpec<z.ZodType, z.ZodType>['rateLimit']): FastifyContextConfig {
  if (!cap) return {};
  const { per, ...limit } = cap;
  return { rateLimit: per === 'user' ? { ...limit, keyGenerator: rateLimitKey } : limit };
}

export interface ApiContext<B> {
  body: B;
  /** The signed-in user; throws 10010002 on a public route called without a token. */
  readonly user: AuthUser;
  readonly optionalUser: AuthUser | null;
  deps: AppDeps;
  ip: string;
  userAgent: string | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /** A success message other than 操作成功 (e.g. a delete that archived instead); JSON calls only. */
  successMsg?: string;
}

/**
 * A read is not an operation: an action whose last segment is, starts or ends with a read word
 * (`paging`, `exam-paging`, `qu-stat`, `list-menus`), or anything under `/stat/`, is not logged.
 * Only for `post`; an endpoint object states `operation` itself (platform/endpoints.api.test.ts).
 */
export const READ_ONLY_ACTION =
  /\/(?:[a-z]+-)*(?:paging|detail|list|tree|routes|preview|export|import-template|stat)(?:-[a-z-]+)?$|\/stat\/[a-z-]+$/;

export const SUCCESS_MSG = '操作成功';

/** Urls whose calls are written to the operation log, for the test that no read is among them. */
export const AUDITED_URLS = new Set<string>();

function contextOf<B>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): ApiContext<B> {
  return {
    body: request.body as B,
    get user() {
      if (!request.authUser) throw new AppError(ErrorCode.NOT_LOGIN);
      return request.authUser;
    },
    optionalUser: request.authUser,
    deps: app.deps,
    ip: request.ip,
    userAgent: (request.headers['user-agent'] as string | undefined) ?? null,
    request,
    reply,
  };
}

/** Authenticates and authorises a request for its access rule. */
export async function authorize(app: FastifyInstance, request: FastifyRequest, access: Access): Promise<void> {
  if (access.kind === 'public') return;
  if (!request.authUser) throw new AppError(ErrorCode.NOT_LOGIN);
  if (access.kind === 'admin') await assertPermission(app.deps.db, request.authUser, access.permission);
}

/**
 * Runs a handler with the request's policy log open, after the policy guarding the endpoint's
 * record ids (platform/policy/) allowed the call; a refusal is the endpoint's own.
 */
function guarded<T>(app: FastifyInstance, request: FastifyRequest, url: string, handler: () => Promise<T>): Promise<T> {
  return withAskLog(url, async () => {
    await askForEndpoint(app.deps.db, request.authUser, url, request.body);
    return handler();
  });
}

/** Registers a JSON call answered with the envelope. */
export function post<B extends z.ZodType = z.ZodObject<{}>, D extends z.ZodType = z.ZodNull>(
  app: FastifyInstance,
  url: string,
  spec: RouteSpec<B, D>,
  handler: (ctx: ApiContext<z.infer<B>>) => Promise<z.infer<D>>,
): void {
  const shouldAudit = spec.audit ?? (spec.access.kind === 'admin' && !READ_ONLY_ACTION.test(url));
  if (shouldAudit) AUDITED_URLS.add(url);
  app.route({
    method: 'POST',
    url,
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.access.kind !== 'public' ? { security: [{ token: [] }] } : {}),
      ...questionDataDoc(spec),
      ...(spec.body ? { body: spec.body } : {}),
      response: { 200: zEnvelope(spec.data.nullable()) },
    },
    config: rateLimitConfig(spec.rateLimit),
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    preValidation: async (request) => authorize(app, request, spec.access),
    handler: async (request, reply) => {
      const ctx = contextOf<z.infer<B>>(app, request, reply);
      const started = Date.now();
      try {
        const data = await guarded(app, request, url, () => handler(ctx));
        if (shouldAudit) await writeAuditLog(app.deps.db, ctx, spec.summary, url, true, null, Date.now() - started);
        return { code: ErrorCode.SUCCESS, msg: ctx.successMsg ?? SUCCESS_MSG, data: data ?? null };
      } catch (err) {
        if (shouldAudit) {
          const message = err instanceof Error ? err.message : String(err);
          await writeAuditLog(app.deps.db, ctx, spec.summary, url, false, message, Date.now() - started).catch(
            () => {},
          );
        }
        throw err;
      }
    },
  });
}

export interface FileAnswer {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** Registers a download call (SPEC 7): a blob on success, the JSON envelope on error. */
export function postFile<B extends z.ZodType = z.ZodObject<{}>>(
  app: FastifyInstance,
  url: string,
  spec: Omit<RouteSpec<B, z.ZodNull>, 'data'>,
  handler: (ctx: ApiContext<z.infer<B>>) => Promise<FileAnswer>,
): void {
  app.route({
    method: 'POST',
    url,
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      ...(spec.access.kind !== 'public' ? { security: [{ token: [] }] } : {}),
      ...questionDataDoc(spec),
      ...(spec.body ? { body: spec.body } : {}),
    },
    preValidation: async (request) => authorize(app, request, spec.access),
    handler: async (request, reply) => {
      const ctx = contextOf<z.infer<B>>(app, request, reply);
      const file = await guarded(app, request, url, () => handler(ctx));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.body);
    },
  });
}

/** Registers a multipart upload call; the handler reads the parts from the request. */
export function postMultipart<D extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  spec: Omit<RouteSpec<z.ZodNull, D>, 'body'>,
  handler: (ctx: ApiContext<null>) => Promise<z.infer<D>>,
): void {
  const shouldAudit = spec.audit ?? spec.access.kind === 'admin';
  if (shouldAudit) AUDITED_URLS.add(url);
  app.route({
    method: 'POST',
    url,
    schema: {
      summary: spec.summary,
      tags: spec.tags,
      consumes: ['multipart/form-data'],
      ...(spec.access.kind !== 'public' ? { security: [{ token: [] }] } : {}),
      response: { 200: zEnvelope(spec.data.nullable()) },
    },
    config: rateLimitConfig(spec.rateLimit),
    preValidation: async (request) => authorize(app, request, spec.access),
    handler: async (request, reply) => {
      const ctx = contextOf<null>(app, request, reply);
      const started = Date.now();
      try {
        const data = await guarded(app, request, url, () => handler(ctx));
        if (shouldAudit) await writeAuditLog(app.deps.db, ctx, spec.summary, url, true, null, Date.now() - started);
        return { code: ErrorCode.SUCCESS, msg: SUCCESS_MSG, data: data ?? null };
      } catch (thrown) {
        const err = multipartRefusal(thrown);
        if (shouldAudit) {
          const message = err instanceof Error ? err.message : String(err);
          await writeAuditLog(app.deps.db, ctx, spec.summary, url, false, message, Date.now() - started).catch(
            () => {},
          );
        }
        throw err;
      }
    },
  });
}

/** What a route declares beside its endpoint: documentation and transport settings. */
export type RouteDoc = Omit<RouteSpec<z.ZodType, z.ZodType>, 'access' | 'body' | 'data' | 'audit'>;

const accessOf = (access: EndpointAccess): Access =>
  access === 'public' ? PUBLIC : access === 'user' ? SIGNED_IN : permission(access.permission);

/** Registers a JSON call from its endpoint object (path, schemas, access and audit come from it). */
export function route<B extends z.ZodType, D extends z.ZodType>(
  app: FastifyInstance,
  ep: JsonEndpoint<B, D>,
  doc: RouteDoc,
  handler: (ctx: ApiContext<z.infer<B>>) => Promise<z.infer<D>>,
): void {
  post<B, D>(
    app,
    ep.path,
    { ...doc, access: accessOf(ep.access), body: ep.body, data: ep.data, audit: ep.operation },
    handler,
  );
}

/** Registers a download from its endpoint object. */
export function routeFile<B extends z.ZodType>(
  app: FastifyInstance,
  ep: FileEndpoint<B>,
  doc: Omit<RouteDoc, 'rateLimit'>,
  handler: (ctx: ApiContext<z.infer<B>>) => Promise<FileAnswer>,
): void {
  postFile<B>(app, ep.path, { ...doc, access: accessOf(ep.access), body: ep.body, audit: ep.operation }, handler);
}

/** Registers a multipart upload from its endpoint object. */
export function routeUpload<D extends z.ZodType>(
  app: FastifyInstance,
  ep: UploadEndpoint<D>,
  doc: RouteDoc,
  handler: (ctx: ApiContext<null>) => Promise<z.infer<D>>,
): void {
  postMultipart<D>(app, ep.path, { ...doc, access: accessOf(ep.access), data: ep.data, audit: ep.operation }, handler);
}

/** The paging answer of DESIGN 4 (platform/paging.ts; re-exported for the services that import it from here). */
export { page } from './paging.js';
