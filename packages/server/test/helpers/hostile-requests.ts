/**
 * Turns generated values into HTTP requests: path segments, query strings and bodies (JSON,
 * form-encoded, raw, multipart), hostile ones included, each with a short description for the
 * failure message.
 */
import { randomUUID } from 'node:crypto';
import { MAX_ID } from '@claimdesk/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  DEEP,
  HOSTILE_SEGMENTS,
  arbitraryOf,
  deepJson,
  requestValueArbitrary,
  type ArbitraryContext,
} from './hostile-arbitraries';
import { pngBytes } from './files';
import { defOf } from './zod-walk';

export interface HostileBody {
  payload?: string | Buffer;
  contentType?: string;
  /** What the body is, for the failure message (huge payloads are not printed). */
  label: string;
}

export interface HostileInput {
  segments: Record<string, string>;
  /** Replaces the session's X-TENANT-ID (and X-COMPANY) when set. */
  tenant?: string;
  query: string;
  body: HostileBody;
}

/** Percent-encodes text as UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
export const encode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const asText = (value: unknown): string => {
  if (value === DEEP) return deepJson(2_000);
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The JSON text of a value, with the deep marker replaced by 20,000 levels of nesting. */
export const toJson = (value: unknown): string => JSON.stringify(value).replaceAll(`"${DEEP}"`, deepJson());

export const describeText = (text: string): string => {
  const shown = JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…` : text);
  return text.length > 300 ? `${shown} (${String(text.length)} characters)` : shown;
};

export function segmentsArbitrary(
  names: string[],
  schema: z.ZodType | undefined,
  ctx: ArbitraryContext,
): fc.Arbitrary<Record<string, string>> {
  const shape = schema ? (defOf(schema).shape ?? {}) : {};
  return fc.record(
    Object.fromEntries(
      names.map((name) => {
        const field = shape[name];
        const generated = field
          ? arbitraryOf(field, ctx, 'valid').map((v) => encode(asText(v)))
          : fc.constant('1');
        const segment = fc.oneof(
          { arbitrary: generated, weight: 3 },
          { arbitrary: fc.constantFrom(String(MAX_ID + 1), '%00', '%ED%A0%80'), weight: 1 },
          { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 1 },
        );
        return [name, segment.filter((s) => s !== '')];
      }),
    ),
  );
}

/** Header values (HTTP allows no NUL or line break in them; everything else goes). */
export const HOSTILE_HEADERS = [
  '',
  ' ',
  'x'.repeat(8000),
  "' OR 1=1 --",
  '../..',
  '%00',
  'ÿþ',
  'store-\u00e6',
  '2147483648',
];

const QUERY_TAILS = ['', '&%=%', '&x=%ED%A0%80', '&search=%00', '&a[b][c]=1', `&${'k=v&'.repeat(2000)}`];

export function queryArbitrary(schema: z.ZodType | undefined, ctx: ArbitraryContext): fc.Arbitrary<string> {
  const tail = fc.constantFrom(...QUERY_TAILS);
  if (!schema) return tail;
  const fields = requestValueArbitrary(schema, ctx).map((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return `q=${encode(asText(value))}`;
    return Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${encode(k)}=${encode(asText(item))}`))
      .join('&');
  });
  return fc.tuple(fields, tail).map(([q, t]) => `${q}${t}`);
}

const json = (text: string, label: string): HostileBody => ({
  payload: text,
  contentType: 'application/json',
  label,
});

/** Bodies no contract describes: broken, deep, poisoned, mislabelled. */
export const RAW_BODIES: HostileBody[] = [
  json('{"a":', 'unterminated JSON'),
  json('', 'empty JSON body'),
  json('nul', 'not JSON'),
  json(deepJson(), 'JSON array nested 20,000 deep'),
  json(`{"value":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`, 'JSON object nested 20,000 deep'),
  json('{"__proto__":{"isAdmin":true}}', 'prototype poisoning'),
  json('{"constructor":{"prototype":{"isAdmin":true}}}', 'constructor poisoning'),
  json('"\\u0000"', 'a JSON string with NUL'),
  json('"\\ud800"', 'a JSON string with a lone surrogate'),
  json('{"\\u0000":"\\ud800"}', 'NUL key, lone surrogate value'),
  {
    payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
    contentType: 'application/json',
    label: 'bytes that are not UTF-8',
  },
  { payload: '{}', contentType: 'application/json; charset=utf-16', label: 'JSON labelled UTF-16' },
  { payload: '\u0000', contentType: 'text/plain', label: 'text/plain NUL' },
  {
    payload: 'a=1&a=2&b[c]=%00&d=%ED%A0%80',
    contentType: 'application/x-www-form-urlencoded',
    label: 'form',
  },
  { payload: '<x/>', contentType: 'application/xml', label: 'XML' },
  { payload: '{}', contentType: 'multipart/form-data', label: 'multipart without boundary' },
];

export function jsonBodyArbitrary(schema: z.ZodType, ctx: ArbitraryContext): fc.Arbitrary<HostileBody> {
  const generated = requestValueArbitrary(schema, ctx);
  const asJson = generated.map((value): HostileBody => {
    if (value === undefined) return { label: 'no body' };
    const text = toJson(value);
    return json(text, `JSON ${describeText(text)}`);
  });
  const asForm = generated.map((value): HostileBody => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { label: 'no body' };
    const text = Object.entries(value)
      .map(([k, v]) => `${encode(k)}=${encode(asText(v))}`)
      .join('&');
    return {
      payload: text,
      contentType: 'application/x-www-form-urlencoded',
      label: `form ${describeText(text)}`,
    };
  });
  return fc.oneof(
    { arbitrary: asJson, weight: 12 },
    { arbitrary: asForm, weight: 2 },
    { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 3 },
  );
}

function multipart(
  parts: { head: string; content: Buffer | string }[],
  boundary: string,
  close = true,
): Buffer {
  const chunks = parts.flatMap(({ head, content }) => [
    Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${boundary}--\r\n` : '')]);
}

const filePart = (filename: string, content: Buffer | string, type = 'image/png') => ({
  head: `Content-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}`,
  content,
});

/** Multipart bodies: broken framing, hostile names, random bytes, and now and then a real picture. */
export function multipartBodyArbitrary(): fc.Arbitrary<HostileBody> {
  const b = `----hostile-${randomUUID()}`;
  const framed = (payload: Buffer, label: string, boundary = b): HostileBody => ({
    payload,
    contentType: `multipart/form-data; boundary=${boundary}`,
    label,
  });
  const fixed: HostileBody[] = [
    {
      payload: multipart([filePart('a.png', pngBytes())], b),
      contentType: 'multipart/form-data',
      label: 'no boundary',
    },
    framed(multipart([filePart('a.png', pngBytes())], b, false), 'never closed'),
    framed(multipart([filePart('a.png', pngBytes())], 'other-boundary'), 'wrong boundary'),
    framed(Buffer.alloc(0), 'empty multipart'),
    framed(
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"`),
      'cut inside the part headers',
    ),
    framed(multipart([{ head: 'Content-Disposition: form-data', content: 'x' }], b), 'part without a name'),
    framed(
      multipart([{ head: 'Content-Disposition: form-data; name="file"', content: 'x' }], b),
      'field, no file',
    ),
    framed(multipart([filePart('a\u0000.png', pngBytes())], b), 'NUL in the file name'),
    framed(
      Buffer.concat([
        multipart([filePart('x.png', pngBytes())], b, false).subarray(0, 40),
        Buffer.from([0xed, 0xa0]),
      ]),
      'broken UTF-8 in the part headers',
    ),
    framed(multipart([filePart('a.png', pngBytes()), filePart('b.png', pngBytes())], b), 'two files'),
    framed(multipart([filePart('a.png', pngBytes())], b), 'a real PNG'),
    framed(multipart([filePart('x'.repeat(5000), pngBytes())], b), 'a 5,000-character file name'),
    framed(multipart([filePart('a.svg', '<svg onload="alert(1)"/>', 'image/svg+xml')], b), 'an SVG'),
  ];
  const random = fc
    .tuple(
      fc.uint8Array({ maxLength: 2000 }),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('image/png', 'text/html', ''),
    )
    .map(([bytes, name, type]) =>
      framed(
        multipart([filePart(name, Buffer.from(bytes), type)], b),
        `random bytes as ${describeText(name)}`,
      ),
    );
  return fc.oneof({ arbitrary: fc.constantFrom(...fixed), weight: 3 }, { arbitrary: random, weight: 1 });
}

/** A multipart body past every upload limit (the 50 MB). */
export function hugeMultipartBody(): HostileBody {
  const b = `----hostile-${randomUUID()}`;
  return {
    payload: multipart([filePart('huge.png', Buffer.alloc(50 * 1024 * 1024, 1))], b),
    contentType: `multipart/form-data; boundary=${b}`,
    label: '50 MB multipart',
  };
}

/** A JSON body just past the route's body limit. */
export const hugeJsonBody = (bodyLimit: number): HostileBody =>
  json(`{"subject":"${'x'.repeat(bodyLimit)}"}`, `JSON of ${String(bodyLimit)} characters, past the limit`);
