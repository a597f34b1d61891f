import { z } from 'zod';

/**
 * Text a client sends. PostgreSQL refuses a NUL character in text and jsonb (22P05, 22021) and a
 * lone UTF-16 surrogate in jsonb, so such text is refused here, with a message on the field,
 * before it reaches a handler or the database. Every string of a request goes through `ZText`
 * (the server's hostile-input test walks each route's schemas and fails on a bare `z.string()`).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const TEXT_HAS_NUL = 'Must not contain a NUL character (\\u0000)';
export const TEXT_HAS_LONE_SURROGATE = 'Must not contain a lone UTF-16 surrogate (broken Unicode)';

/** Why a text cannot be stored, or null when it can. */
export function unsafeTextReason(text: string): string | null {
  if (text.includes('\u0000')) return TEXT_HAS_NUL;
  if (LONE_SURROGATE.test(text)) return TEXT_HAS_LONE_SURROGATE;
  return null;
}

/** The check behind `ZText`; exported so tests can tell a safe string schema from a bare one. */
export const SAFE_TEXT_CHECK = z.superRefine<string>((text, ctx) => {
  const reason = unsafeTextReason(text);
  if (reason) ctx.addIssue({ code: 'custom', message: reason, input: text });
});

/** A string that PostgreSQL can store: no NUL, no lone surrogate. Chain `.trim()`, `.max()` etc. on it. */
export const ZText = z.string().check(SAFE_TEXT_CHECK);

/** Nesting deeper than this in a stored JSON value is refused (the body parser refuses it first). */
export const MAX_JSON_DEPTH = 64;

type JsonIssue = { path: (string | number)[]; message: string };

/** The first problems of a JSON value that jsonb cannot store: unsafe text in a key or a string, too deep. */
export function unsafeJsonIssues(value: unknown, limit = 10): JsonIssue[] {
  const issues: JsonIssue[] = [];
  // Iterative, so that a hostile depth cannot overflow the stack.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && issues.length < limit) {
    const item = stack.pop();
    if (!item) break;
    if (item.path.length > MAX_JSON_DEPTH) {
      issues.push({ path: item.path, message: `Nested deeper than ${String(MAX_JSON_DEPTH)} levels` });
      continue;
    }
    if (typeof item.value === 'string') {
      const reason = unsafeTextReason(item.value);
      if (reason) issues.push({ path: item.path, message: reason });
    } else if (Array.isArray(item.value)) {
      item.value.forEach((child: unknown, i) => stack.push({ value: child, path: [...item.path, i] }));
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const reason = unsafeTextReason(key);
        if (reason) issues.push({ path: [...item.path, key], message: `Key: ${reason}` });
        else stack.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return issues;
}

/** The check behind `ZSafeJson`, like `SAFE_TEXT_CHECK` for text. */
export const SAFE_JSON_CHECK = z.superRefine<unknown>((value, ctx) => {
  for (const issue of unsafeJsonIssues(value)) {
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, input: value });
  }
});

/**
 * Any JSON value. Named (JsonValue) because it is recursive: the API document then defines it
 * once among its components and refers to it, where an unnamed recursion left a dangling $ref.
 */
export const ZJsonValue = z.json().meta({ id: 'JsonValue' });

/** Any JSON value that jsonb can store (preferences, stored documents). */
export const ZSafeJson = ZJsonValue.check(SAFE_JSON_CHECK);

/** Any value, then checked as `ZSafeJson` checks (for a value a schema picked by name checks further). */
export const ZSafeUnknown = z.unknown().check(SAFE_JSON_CHECK);
