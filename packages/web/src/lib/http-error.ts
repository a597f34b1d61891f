import type { ErrorCode } from '@claimdesk/contracts';

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
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
