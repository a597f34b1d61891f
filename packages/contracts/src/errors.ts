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
  /** The request's body came in more slowly than the server's minimum rate; the connection was closed. */
  REQUEST_TIMEOUT: 408,
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
  /** The store's connected shop refused its access token or keys (revoked, expired): connect it again. */
  SHOP_UNAUTHORIZED: 502,
  /** The store's connected shop answered with an error or could not be reached. */
  SHOP_UNAVAILABLE: 502,
  /** The store's connected shop is limiting requests; try again shortly. */
  SHOP_RATE_LIMITED: 503,
  /** The store's connected shop did not answer in time. */
  SHOP_TIMEOUT: 504,
  /**
   * The database could not be reached for a moment (a restart, a failover, its connections
   * ended); retry after the Retry-After header's seconds.
   */
  SERVICE_UNAVAILABLE: 503,
  /** The server's storage (its disk) is full: nothing was stored. Try again once room is made. */
  STORAGE_FULL: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * Why one field's value was refused: the `code` of an entry of an error answer's `fieldIssues`,
 * with its `params`. A closed list, so that a client can translate each one; the English
 * `fieldErrors` text travels beside it for clients that show the server's words.
 */
export const FIELD_ISSUE_CODES = [
  /** No value where the form or the schema needs one. */
  'required',
  /** Text longer than `params.max` characters. */
  'too_long',
  /** Text shorter than `params.min` characters. */
  'too_short',
  /** A number below `params.min`. */
  'too_small',
  /** A number above `params.max`. */
  'too_big',
  /** A list with more than `params.max` entries. */
  'too_many',
  /** A list with fewer than `params.min` entries. */
  'too_few',
  /** Not a (finite) number. */
  'not_a_number',
  /** A number that must be whole (an amount in minor units, a quantity) but is not. */
  'not_an_integer',
  /** Not text. */
  'not_text',
  /** Not true or false. */
  'not_a_boolean',
  /** Not a list of choices. */
  'not_a_list',
  /** `params.value` is not one of the field's options (or statuses). */
  'not_an_option',
  /** Not a valid email address. */
  'invalid_email',
  /** Not a date as YYYY-MM-DD. */
  'invalid_date',
  /** A date after today where only past dates are taken (a purchase date). */
  'future_date',
  /** The field is off in this store: the feature flag `params.feature` is off. */
  'feature_off',
  /** The form has no such field. */
  'unknown_field',
  /** A mail template names `params.name` (as written, in braces), which is not a placeholder. */
  'unknown_placeholder',
  /** A mail template opens a placeholder with `{{` and never closes it: `params.text` is where. */
  'unclosed_placeholder',
  /** The fallback of placeholder `params.name` is longer than `params.max` characters. */
  'fallback_too_long',
  /** A key: lower-case letters, digits and -, starting with a letter, at most `params.max`. */
  'not_a_key',
  /** A password without a letter. */
  'needs_letter',
  /** A password without a digit. */
  'needs_digit',
  /** A new password that is the old one. */
  'same_password',
  /** A user without a role. */
  'no_role',
  /** An item type without a name in any language. */
  'no_name',
  /** The end of a period before its start (`fromDate`, `toDate`). */
  'date_before_start',
  /** A period longer than `params.max` days. */
  'period_too_long',
  /** A value another record of the store already has (an organisation number, a contact's email). */
  'taken',
  /** Any other problem; the `fieldErrors` text says which. */
  'invalid',
] as const;
export type TFieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];
