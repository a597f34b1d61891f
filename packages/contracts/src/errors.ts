/**
 * Every error code the API can answer with, and the HTTP status it travels with.
 * The server's AppError takes only these codes; the web maps them to translated messages.
 */
export const ERROR_STATUS = {
  /** A body, query or path parameter does not fit its schema; `fieldErrors` says where. */
  VALIDATION_FAILED: 400,
  /** A required header (X-TENANT-ID, X-COMPANY) is missing. */
  HEADER_MISSING: 400,
  /** No valid bearer token. */
  UNAUTHENTICATED: 401,
  /** Signed in, but not allowed: another store's token, a missing role, a bad anti-forgery token. */
  FORBIDDEN: 403,
  /** The X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie. */
  XSRF_MISMATCH: 403,
  /** The email is not known as a user or a contact. */
  UNKNOWN_USER: 404,
  /** The addressed resource does not exist in this store. */
  NOT_FOUND: 404,
  /** The request conflicts with the stored state (duplicate, stale version). */
  CONFLICT: 409,
  /** The uploaded file is too large. */
  PAYLOAD_TOO_LARGE: 413,
  /** The uploaded file has a type that is not accepted. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many attempts; retry after the Retry-After header's seconds. */
  TOO_MANY_REQUESTS: 429,
  /** Anything unexpected; details are logged, never sent. */
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
