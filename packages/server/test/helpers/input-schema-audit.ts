import { MAX_ID, SAFE_JSON_CHECK, SAFE_TEXT_CHECK } from '@claimdesk/contracts';
import type { z } from 'zod';
import { defOf, inputSideOf, numberBounds, unwrap } from './zod-walk';

/** String formats whose own pattern already refuses NUL and lone surrogates. */
const STRICT_FORMATS = new Set(['email', 'date', 'datetime', 'time', 'uuid', 'guid', 'url', 'regex']);
/** Names of fields that hold a row id (an integer column): `id`, `caseId`, `ids`, `version`. */
const ID_FIELD = /^(id|[a-z]+Id|ids|[a-z]+Ids|version|itemType)$/;

const hasCheck = (schema: z.ZodType, check: unknown): boolean =>
  (defOf(schema).checks ?? []).some((c) => c === check);

/**
 * What a route's input schema lets through to the database unchecked: a string without the
 * contracts' safe-text check (NUL, lone surrogates), an id without the integer column's range,
 * free JSON without the safe-JSON check. Each problem names its path; an empty list is clean.
 */
export function auditInputSchema(schema: z.ZodType, where: string): string[] {
  const problems: string[] = [];
  const walk = (node: z.ZodType, path: string[]): void => {
    const at = [where, ...path].join('.');
    let current = node;
    for (let next = inputSideOf(unwrap(current)); next !== current; next = inputSideOf(unwrap(current))) {
      current = next;
    }
    const def = defOf(current);
    const key = path.at(-1) ?? '';
    switch (def.type) {
      case 'string': {
        const isSafe =
          hasCheck(current, SAFE_TEXT_CHECK) ||
          (def.format !== undefined && STRICT_FORMATS.has(def.format) && def.format !== 'regex');
        if (!isSafe)
          problems.push(`${at}: a string without ZText (NUL and lone surrogates reach the database)`);
        break;
      }
      case 'number': {
        const { max } = numberBounds(current);
        const idKey = ID_FIELD.test(key) || (key === '[]' && ID_FIELD.test(path.at(-2) ?? ''));
        if (idKey && (max === undefined || max > MAX_ID))
          problems.push(`${at}: an id without its range (use ZId / ZIdText, at most ${String(MAX_ID)})`);
        break;
      }
      case 'object':
        for (const [name, child] of Object.entries(def.shape ?? {})) walk(child, [...path, name]);
        if (def.catchall && defOf(def.catchall).type !== 'never') walk(def.catchall, [...path, '*']);
        break;
      case 'array':
        if (def.element) walk(def.element, [...path, '[]']);
        break;
      case 'record':
        if (def.keyType) walk(def.keyType, [...path, '(key)']);
        if (def.valueType) walk(def.valueType, [...path, '*']);
        break;
      case 'union':
        for (const option of def.options ?? []) walk(option, path);
        break;
      case 'intersection':
        if (def.left) walk(def.left, path);
        if (def.right) walk(def.right, path);
        break;
      case 'tuple':
        (def.items ?? []).forEach((item, i) => walk(item, [...path, String(i)]));
        if (def.rest) walk(def.rest, [...path, '[]']);
        break;
      case 'lazy':
      case 'unknown':
      case 'any':
        if (!hasCheck(current, SAFE_JSON_CHECK))
          problems.push(`${at}: free JSON without ZSafeJson (NUL, lone surrogates, depth reach jsonb)`);
        break;
      case 'pipe':
        if (def.in) walk(def.in, path);
        break;
      case 'enum':
      case 'literal':
      case 'boolean':
      case 'null':
      case 'undefined':
      case 'never':
      case 'transform':
        break;
      default:
        problems.push(`${at}: a ${def.type} schema the audit does not know; extend input-schema-audit.ts`);
    }
  };
  walk(schema, []);
  return problems;
}
