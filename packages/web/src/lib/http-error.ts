import { FIELD_ISSUE_CODES, type ErrorCode, type TFieldIssue } from '@claimdesk/contracts';

/** A failed call, in one shape whatever the server answered. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** The API's error code, or the OAuth `error`, or a local code such as NETWORK. */
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** OAuth2's error_description, for POST /v2/oauth/token. */
    readonly description: string | null = null,
    /** Seconds from the Retry-After header of a 429. */
    readonly retryAfter: number | null = null,
    /** The coded form of `fieldErrors` (by the same keys), to translate; a field may have none. */
    readonly fieldIssues: Record<string, TFieldIssue> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `fieldIssues` of an error body, keeping only entries with a known code (a newer server's
 * code falls back to the field's text). Checked by hand, not with zod, to keep the HTTP layer small.
 */
export const readFieldIssues = (value: unknown): Record<string, TFieldIssue> => {
  if (!isObject(value)) return {};
  const issues: Record<string, TFieldIssue> = {};
  for (const [path, issue] of Object.entries(value)) {
    if (!isObject(issue) || !(FIELD_ISSUE_CODES as readonly unknown[]).includes(issue.code)) continue;
    const params = isObject(issue.params)
      ? Object.fromEntries(
          Object.entries(issue.params).filter(
            (entry): entry is [string, string | number] =>
              typeof entry[1] === 'string' || typeof entry[1] === 'number',
          ),
        )
      : undefined;
    issues[path] = { code: issue.code as TFieldIssue['code'], ...(params && { params }) };
  }
  return issues;
};
