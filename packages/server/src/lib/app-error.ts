import { ERROR_STATUS, type ErrorCode } from '@claimdesk/contracts';

/** The one error type that handlers throw; the error handler turns it into `{code, message, fieldErrors}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string): AppError => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have access to this'): AppError =>
  new AppError('FORBIDDEN', message);
export const invalid = (field: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });
