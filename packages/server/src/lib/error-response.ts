// How any thrown error becomes the API's `{code, message, fieldErrors?, fieldIssues?}`: used by the app's error
// handler and by routes that answer an error themselves, so it lives below both.
import { fieldIssueOf, type ErrorCode, type TErrorResponse, type TFieldIssue } from '@claimdesk/contracts';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';
import { isConnectionLost, sqlState } from './pg-error';
import { isStorageFull, storageFull } from './storage-full';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** PostgreSQL's class 22 (data exception: 22P05 bad Unicode, 22021 NUL, 22003 out of range, …). */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/**
 * The SQLSTATE of a database data exception behind `error` (drizzle wraps the driver's error in
 * `cause`), or null. Contracts refuse such values first; this is the last line, so that one that
 * slips through is the client's 400, not our 500.
 */
export const dataExceptionCode = (error: unknown): string | null =>
  sqlState(error, (code) => DATA_EXCEPTION.test(code));

/** Seconds a client is told to wait after a lost database connection: a restart or failover takes about that. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Turns any thrown error into `{code, message, fieldErrors?}`; 5xx details are logged, never sent. */
export function toErrorResponse(error: unknown): {
  status: number;
  body: TErrorResponse;
  headers?: Record<string, string>;
} {
  // A disk without room and a lost database connection are the server's state, not a bug: the
  // client is told which, and that the same request may succeed later.
  if (isStorageFull(error)) return toErrorResponse(storageFull());
  if (isConnectionLost(error)) {
    return {
      status: 503,
      body: {
        code: 'SERVICE_UNAVAILABLE',
        message:
          'The server lost its connection to the database for a moment. Please try again in a few seconds.',
      },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    };
  }
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        code: error.code,
        message: error.message,
        ...(error.fieldErrors && { fieldErrors: error.fieldErrors }),
        ...(error.fieldIssues && { fieldIssues: error.fieldIssues }),
      },
      ...(error.headers && { headers: error.headers }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors: Record<string, string> = {};
    const fieldIssues: Record<string, TFieldIssue> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const field = path || error.validationContext || 'body';
      if (field in fieldErrors) continue;
      fieldErrors[field] = issue.message ?? 'Not valid';
      fieldIssues[field] = fieldIssueOf(issue.keyword, issue.params);
    }
    return {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fieldErrors, fieldIssues },
    };
  }
  if (dataExceptionCode(error)) {
    return {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message:
          'A value in the request cannot be stored (a number out of range, or text with a NUL or broken Unicode)',
      },
    };
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
    return {
      status: code === 'VALIDATION_FAILED' ? 400 : status,
      body: { code, message: (error as Error).message },
    };
  }
  return {
    status: 500,
    body: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  };
}
