/**
 * Logger settings shared by every process: the log never holds passwords, password hashes,
 * tokens, SMS codes or the parameters of a failed query. Paths are redacted by pino;
 * error objects are rebuilt by `serializeError`, which also scrubs their text, because a failed
 * query's message lists its parameters (an argon2 hash among them).
 */
import type { FastifyServerOptions } from 'fastify';

const CENSOR = '[REDACTED]';

/** Keys whose values never reach the log, wherever they sit in an object. */
const SECRET_KEY = /pass(word)?|hash|token|secret|cookie|authorization|smscode|captcha|^params$/i;

/** Paths pino redacts in every line (request headers and bodies logged by hand). */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.token',
  'headers.cookie',
  'password',
  'newPassword',
  'oldPassword',
  'passwordHash',
  'token',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.passwordHash',
  '*.token',
  '*.smsCode',
  'body',
  '*.body',
];

/** Removes secrets from free text: argon2 hashes, a failed query's parameter list, token-like pairs. */
export function scrubText(text: string): string {
  return text
    .replace(/\$argon2(?:id|i|d)\$[^\s,"']+/g, CENSOR)
    .replace(/(\bparams:)[^\n]*/g, `$1 ${CENSOR}`)
    .replace(/("?(?:password|passwordHash|token|smsCode)"?\s*[:=]\s*)("[^"]*"|[^\s,}]+)/gi, `$1${CENSOR}`);
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? CENSOR : scrubValue(v, depth + 1);
  return out;
}

/** An error as a plain object for the log: type, message, stack, code, cause; secrets scrubbed. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return scrubValue(err, depth);
  const out: Record<string, unknown> = { type: err.name, message: scrubText(err.message) };
  if (err.stack) out.stack = scrubText(err.stack);
  for (const [key, v] of Object.entries(err)) {
    if (key === 'cause') continue;
    out[key] = SECRET_KEY.test(key) ? CENSOR : scrubValue(v, 1);
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

type LoggerObject = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Adds redaction and the scrubbing error serializer to logger options (level, stream...). */
export function withRedaction(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  const base: LoggerObject = options === true ? {} : options;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { ...(base as { serializers?: object }).serializers, err: serializeError },
  } as LoggerObject;
}
