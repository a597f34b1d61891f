import {
  ERROR_STATUS,
  issueOf,
  type ErrorCode,
  type TFieldIssue,
  type TFieldProblem,
} from '@claimdesk/contracts';

/**
 * The one error type that handlers throw; the error handler turns it into
 * `{code, message, fieldErrors, fieldIssues}`.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** The coded form of (some of) `fieldErrors`, by the same keys, for clients to translate. */
    readonly fieldIssues?: Record<string, TFieldIssue>,
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

/** A 400 from coded field problems: their texts as `fieldErrors`, their codes as `fieldIssues`. */
export const invalidFields = (message: string, problems: Record<string, TFieldProblem>): AppError => {
  const entries = Object.entries(problems);
  return new AppError(
    'VALIDATION_FAILED',
    message,
    Object.fromEntries(entries.map(([key, p]) => [key, p.message])),
    undefined,
    Object.fromEntries(entries.map(([key, p]) => [key, issueOf(p)])),
  );
};
