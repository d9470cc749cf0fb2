/**
 * The server's access log. Fastify's own request logging writes two lines per request
 * ("incoming request", "request completed"); on exam day that was about a third of the server's CPU
 * per answer save. The full access log belongs to the proxy (nginx, docs/DEPLOY.md); the server
 * writes one line for each request an operator must see (a 4xx/5xx answer, or one slower than
 * `slowMs`) and a sample of the rest (`sampleRate`, 0..1; 1 logs every request as before),
 * through Fastify's log controller.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export interface AccessLogOptions {
  /** Share of ordinary requests logged (ACCESS_LOG_SAMPLE). */
  sampleRate: number;
  /** A request at least this slow is always logged (SLOW_REQUEST_MS). */
  slowMs: number;
}

/** Whether one finished request is written: failures and slow ones always, others by the sample. */
export function shouldLogRequest(
  statusCode: number,
  elapsedMs: number,
  options: AccessLogOptions,
  draw: () => number = Math.random,
): boolean {
  if (statusCode >= 400 || elapsedMs >= options.slowMs) return true;
  return options.sampleRate >= 1 || (options.sampleRate > 0 && draw() < options.sampleRate);
}

/**
 * Fastify's request log lines, replaced: no "incoming request" line, and "request completed" only
 * for what `shouldLogRequest` keeps; a request that ended in an error is logged as Fastify does.
 */
export class AccessLog extends LogController {
  constructor(private readonly options: AccessLogOptions) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    const elapsed = reply.elapsedTime;
    if (!shouldLogRequest(reply.statusCode, elapsed, this.options)) return;
    reply.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(elapsed) },
      'request completed',
    );
  }
}
