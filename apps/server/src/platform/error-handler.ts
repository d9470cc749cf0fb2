/** One global error handler: every failure leaves as `{code, msg, data}` (STYLE 6). */
import { ErrorCode } from '@exam/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { isDataException } from './input-guard.js';
import { isMalformedMultipart, MALFORMED_MULTIPART } from './multipart-guard.js';
import { validationMessage } from './zod-messages.js';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(200).send({ code: error.code, msg: error.message, data: error.data ?? null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const schema = (request.routeOptions.schema as { body?: unknown } | undefined)?.body;
      return reply
        .code(200)
        .send({ code: ErrorCode.BAD_PARAMS, msg: validationMessage(error.validation, schema), data: null });
    }
    if (error.validation) {
      return reply.code(200).send({ code: ErrorCode.BAD_PARAMS, msg: error.message, data: null });
    }
    if (isMalformedMultipart(error)) {
      request.log.info({ err: error }, 'malformed multipart body');
      return reply.code(200).send({ code: ErrorCode.BAD_PARAMS, msg: MALFORMED_MULTIPART, data: null });
    }
    if (isDataException(error)) {
      // A value the database cannot hold (bad encoding, too long, out of range) is bad input, not a fault.
      request.log.info({ err: error }, 'value refused by the database');
      return reply.code(200).send({ code: ErrorCode.BAD_PARAMS, msg: '参数格式不正确，请检查输入内容', data: null });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Transport-level refusals (malformed JSON, wrong content type, body too large) keep their HTTP status.
      request.log.info({ err: error }, 'request refused');
      return reply.code(status).send({ code: ErrorCode.BAD_PARAMS, msg: transportMessage(error), data: null });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return reply
      .code(500)
      .send({ code: ErrorCode.SERVER_ERROR, msg: `服务器内部错误，请稍后重试（请求编号：${request.id}）`, data: null });
  });
}

function transportMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '请求的内容类型不受支持';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return '上传的内容过大';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return '请求体长度不正确';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '请求体不是有效的JSON';
    default:
      return '请求格式不正确';
  }
}
