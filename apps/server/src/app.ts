/** Builds the Fastify app: plugins, auth hook, error envelope, API docs, modules and the web app. */
import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode, ErrorMessage } from '@exam/contracts';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { eventConsumers, registerModules, topicRules } from './modules/index.js';
import { AccessLog } from './platform/access-log.js';
import { installAuthCache } from './platform/auth-cache.js';
import { candidateMayCall } from './platform/candidate-session.js';
import type { AppDeps } from './platform/deps.js';
import { installErrorHandler } from './platform/error-handler.js';
import { AppError } from './platform/errors.js';
import type { AnyConsumer } from './platform/events/index.js';
import { installEventDelivery } from './platform/events/install.js';
import { registerHealth } from './platform/health.js';
import { newId } from './platform/ids.js';
import { installInputGuard } from './platform/input-guard.js';
import { withRedaction } from './platform/logger.js';
import { pageMetaFor, withPageMeta } from './platform/page-meta.js';
import { installRealtime } from './platform/realtime/index.js';
import './platform/zod-messages.js';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Consumers delivered beside the modules' (the multi-instance test counts deliveries with one). */
  extraConsumers?: AnyConsumer[];
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    genReqId: () => newId(),
    // One line per request that matters instead of two per request (platform/access-log.ts).
    logController: new AccessLog(config.accessLog),
    trustProxy: config.trustProxy,
    // Small by default; routes that take more (question save, answers) declare their own limit.
    bodyLimit: config.bodyLimitBytes,
    // A client trickling its request must not hold a socket: Node closes it after these limits,
    // checked every few seconds (Node's default check interval is 30 s).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(config.headersTimeoutMs / 3))),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('authUser', null);
  installErrorHandler(app);
  installInputGuard(app);

  // CSP stays off: antd injects styles at runtime and the assistant frame and second client
  // (SPEC 7) reach an address only known from the config at runtime.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  // Answers over 1 KB are compressed (question lists, papers); the web app's files are precompressed.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    // Counted in Redis when it is set, so a limit holds over every instance; a Redis outage lets
    // the calls through uncounted rather than refusing sign-in (Redis is never needed to serve).
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'exam-rl-', skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError(ErrorCode.TOO_MANY_REQUESTS, ErrorMessage[ErrorCode.TOO_MANY_REQUESTS]),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: '在线考试与培训平台 API',
        version: '1.0.0',
        description: '所有接口均为 POST，应答为 {code, msg, data}',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The token travels in the `token` header (SPEC 7) or the `token` cookie (img/video requests).
  app.addHook('onRequest', async (request) => {
    const token = (request.headers.token as string | undefined) || request.cookies?.token;
    if (!token) return;
    try {
      const user = await deps.verifyToken(token);
      // A candidate's session is confined to its exam: elsewhere it is no session at all.
      if (user.candidate && !candidateMayCall(request.url)) return;
      request.authUser = user;
    } catch (err) {
      // An invalid token on a public call is ignored; routes needing a user refuse with 10010002.
      if (!(err instanceof AppError)) throw err;
    }
  });

  installEventDelivery(app, deps.db, [...eventConsumers, ...(options.extraConsumers ?? [])]);
  installRealtime(app, topicRules);
  installAuthCache(app);
  registerHealth(app);
  await app.register(async (api) => registerModules(api));
  registerWebApp(app, deps.config.webDistDir);
  return app;
}

/**
 * Serves the built web app; unknown GETs outside /api get index.html (client-side routes),
 * everything else the 404 envelope.
 */
function registerWebApp(app: FastifyInstance, webDistDir: string | null): void {
  const hasWeb = Boolean(webDistDir && fs.existsSync(path.join(webDistDir, 'index.html')));
  if (hasWeb)
    app.register(fastifyStatic, {
      root: webDistDir as string,
      prefix: '/',
      // Files are looked up per request, so a rebuild that adds assets is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The .br/.gz twins written at build time (vite-plugin-compression2), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  app.setNotFoundHandler(async (request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/api/')) {
      // A shareable page (an exam's link) gets its title and preview meta written into the HTML.
      const pathname = request.url.split('?', 1)[0];
      const meta = await pageMetaFor(app.deps.db, pathname);
      if (meta) {
        const html = await fs.promises.readFile(path.join(webDistDir as string, 'index.html'), 'utf8');
        const origin = `${request.protocol}://${request.host}`;
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(withPageMeta(html, meta, origin, pathname));
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ code: ErrorCode.NOT_FOUND, msg: `接口不存在：${request.method} ${request.url}`, data: null });
  });
}

/** Hashed build assets never change under their name; everything else is revalidated. */
export function cacheControlFor(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
