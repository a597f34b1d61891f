/**
 * fast-check arbitraries derived from a route's zod schemas: plausible values (so that requests
 * get past validation into handlers and SQL), mixed with hostile ones of the same type, and
 * values of the wrong type.
 */
import { MAX_ID } from '@claimdesk/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { checksOf, defOf, numberBounds, unwrap } from './zod-walk';

/** Stands for JSON nested 20,000 deep; the request builder puts the nesting in its place. */
export const DEEP = '__hostile_deep_20000__';
export const deepJson = (depth = 20_000): string => '['.repeat(depth) + ']'.repeat(depth);

export const HOSTILE_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'x'.repeat(70_000),
  '',
  '   ',
  '<script>alert(1)</script>',
  "'; DROP TABLE cases; --",
  '../../../etc/passwd',
  '%00',
  '\u202e\u200b\ufeff',
  '😀'.repeat(40),
  '2147483648',
  '-1',
  'null',
  '__proto__',
  'constructor',
  '\\',
  '{{customer.name}}{{',
  DEEP,
];

export const HOSTILE_NUMBERS = [
  0,
  -1,
  MAX_ID,
  MAX_ID + 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  1.5,
  -0,
  5e-324,
];

/** Path segments as they are sent, already encoded: ids past the range, NUL, broken UTF-8. */
export const HOSTILE_SEGMENTS = [
  '0',
  '-1',
  String(MAX_ID + 1),
  '99999999999999999999999',
  '1e400',
  '0x1F',
  '1.5',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%20',
  '%2e%2e',
  'null',
  'x'.repeat(5000),
];

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.string({ maxLength: 5 }),
  fc.constant([]),
  fc.constant({}),
  fc.constant([1, 'a', null, { b: [] }]),
  fc.constant({ nested: { deeper: [DEEP] } }),
  fc.constant(Array.from({ length: 5000 }, (_, i) => i)),
);

/** What the store holds, so that some requests reach the handlers' queries instead of a 404. */
export interface ArbitraryContext {
  /** Ids of real rows. */
  ids: number[];
  /** Names, keys and addresses the store knows (document names, workflows, usernames, …). */
  texts: string[];
}

const mixed = <T>(plausible: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: plausible, weight: 6 },
    { arbitrary: hostile, weight: 3 },
    { arbitrary: wrongType, weight: 1 },
  );

const EMAIL = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/), fc.constantFrom('example.test', 'supplier.test', 'x.io'))
  .map(([local, domain]) => `${local}@${domain}`);

function stringArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const def = defOf(schema);
  const checks = checksOf(schema);
  const patterns = checks.filter((c) => c.check === 'string_format' && c.format === 'regex');
  // Several patterns (a password's letter and digit): one text that has it all.
  if (patterns.length > 1) return fc.constantFrom('Hostile-pass-1', 'Ø-hostile-2');
  if (patterns[0]?.pattern) return fc.stringMatching(patterns[0].pattern);
  if (def.format === 'email') return EMAIL;
  if (def.format === 'date')
    return fc.integer({ min: 0, max: Date.now() }).map((ms) => new Date(ms).toISOString().slice(0, 10));
  if (def.format === 'datetime')
    return fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString());
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 40;
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)), unit: 'grapheme' });
}

function numberArbitrary(schema: z.ZodType, ctx: ArbitraryContext): fc.Arbitrary<number> {
  const { min, max, isInt } = numberBounds(schema);
  const lo = Math.max(min ?? -(2 ** 31), -(2 ** 31));
  const hi = Math.min(max ?? 2 ** 31, 2 ** 31);
  const inRange = isInt
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  // The least value (a version of 1, the first page) and real ids reach past the lookups.
  const known = [...new Set([Math.ceil(lo), ...ctx.ids])].filter((n) => n >= lo && n <= hi);
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), inRange) : inRange;
}

/**
 * Values for `schema`. `valid` keeps to the schema as far as the generators can (regexes, lengths,
 * ranges, required keys), so that requests reach the handlers and their SQL; `hostile` mixes
 * hostile values and wrong types in at every level.
 */
export function arbitraryOf(
  schema: z.ZodType,
  ctx: ArbitraryContext,
  mode: Mode = 'hostile',
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const of = (inner: z.ZodType | undefined) => arbitraryOf(inner ?? schema, ctx, mode);
  const mix = (plausible: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown>) =>
    mode === 'valid' ? plausible : mixed(plausible, hostile);
  const hostileText = fc.constantFrom(...HOSTILE_TEXTS);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(of(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(of(def.innerType), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return of(def.innerType);
    case 'string': {
      const known = ctx.texts.filter((text) => schema.safeParse(text).success);
      const plausible = stringArbitrary(schema);
      return mix(known.length > 0 ? fc.oneof(fc.constantFrom(...known), plausible) : plausible, hostileText);
    }
    case 'number':
      return mix(numberArbitrary(schema, ctx), fc.constantFrom(...HOSTILE_NUMBERS));
    case 'boolean':
      return mix(fc.boolean(), fc.constantFrom('true', 'false', 0, 1));
    case 'enum':
      return mix(fc.constantFrom(...Object.values(def.entries ?? { x: 'x' })), hostileText);
    case 'literal':
      return mix(fc.constantFrom(...(def.values ?? [null])), hostileText);
    case 'object': {
      const shape = def.shape ?? {};
      const requiredKeys = Object.keys(shape).filter((k) => {
        const inner = shape[k];
        return inner !== undefined && !['optional', 'default', 'prefault'].includes(defOf(inner).type);
      });
      const record = fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, of(v)])), {
        requiredKeys,
      });
      return mode === 'valid'
        ? record
        : fc.oneof({ arbitrary: record, weight: 9 }, { arbitrary: wrongType, weight: 1 });
    }
    case 'array': {
      const element = of(def.element);
      const checks = checksOf(schema);
      const minLength = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const maxLength = Math.max(
        minLength,
        Math.min(checks.find((c) => c.check === 'max_length')?.maximum ?? 3, 3),
      );
      return mix(
        fc.array(element, { minLength, maxLength }),
        fc.array(element, { minLength: 60, maxLength: 300 }),
      );
    }
    case 'record': {
      const key = def.keyType ? stringKey(def.keyType) : fc.string();
      const value = of(def.valueType);
      return mix(
        fc.dictionary(key, value, { minKeys: 1, maxKeys: 3 }),
        fc.dictionary(hostileText, value, { maxKeys: 3 }),
      );
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => of(o)));
    case 'intersection':
      return of(def.left);
    case 'pipe': {
      // What passes the output side (an email, a bounded id) mostly passes the input side too.
      const out = def.out ? defOf(def.out).type : 'transform';
      return mode === 'valid' && out !== 'transform' && def.out ? of(def.out) : of(def.in);
    }
    case 'lazy':
    case 'unknown':
    case 'any':
      return mix(
        fc.jsonValue({ maxDepth: 2 }),
        fc.oneof(hostileText, fc.dictionary(hostileText, hostileText, { maxKeys: 2 }), fc.array(hostileText)),
      );
    default:
      return wrongType;
  }
}

export type Mode = 'valid' | 'hostile';

/** The values that reached PostgreSQL and answered 500 (issue 19): they come up most. */
const KNOWN_KILLERS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', MAX_ID + 1, 2 ** 53, DEEP];

const HOSTILE_LEAF: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...KNOWN_KILLERS), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_TEXTS), weight: 1 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 1 },
  { arbitrary: wrongType, weight: 1 },
);

/** `value` with one of its leaves (at any depth, or itself) replaced by `leaf`. */
export function replaceOneLeaf(value: unknown, leaf: unknown, pick: number): unknown {
  const copy: unknown = structuredClone(value);
  const holders: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      holders.push({ holder: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
      stack.push(child);
    }
  }
  const target = holders[pick % Math.max(holders.length, 1)];
  if (!target) return leaf;
  (target.holder as Record<string | number, unknown>)[target.key] = leaf;
  return copy;
}

/**
 * What a request part gets: a valid value, a valid value with one hostile leaf (the shape that
 * slips a NUL or a huge id past everything else to the database), or hostile all through.
 */
export function requestValueArbitrary(schema: z.ZodType, ctx: ArbitraryContext): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(schema, ctx, 'valid');
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    {
      arbitrary: fc
        .tuple(valid, HOSTILE_LEAF, fc.nat())
        .map(([v, leaf, pick]) => replaceOneLeaf(v, leaf, pick)),
      weight: 5,
    },
    { arbitrary: arbitraryOf(schema, ctx, 'hostile'), weight: 2 },
  );
}

/** Keys of a record: its key schema's plausible values, or any short text. */
function stringKey(schema: z.ZodType): fc.Arbitrary<string> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (def.type === 'enum') return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }).map(String));
  if (def.type === 'string') return stringArbitrary(inner);
  return fc.string({ maxLength: 10 });
}
