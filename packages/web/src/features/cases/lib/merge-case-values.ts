import type { TCaseFormValues } from './form-values';

/**
 * Three-way merge of a case's form (issue 35): `base` is the version the person started from,
 * `mine` what they have typed since, `theirs` the version someone else saved meanwhile. A field
 * only one side changed takes that side's value by itself; a field both changed, to different
 * values, keeps what this person typed and is listed, so that they choose. Fields are the form's
 * own (status, customer.email, custom.warranty, items as one list).
 */
export interface TFieldConflict {
  path: string;
  mine: unknown;
  theirs: unknown;
}
export interface TMergeResult {
  merged: TCaseFormValues;
  /** Fields this person changed that the other save left alone: kept as typed. */
  kept: string[];
  /** Fields the other save changed that this person left alone: theirs now. */
  taken: string[];
  conflicts: TFieldConflict[];
}

type TValues = Record<string, unknown>;
const NESTED = new Set(['customer', 'custom']);

/** Every field's path of a form's values: `customer` and `custom` by their own keys, the rest whole. */
export const fieldPaths = (values: TCaseFormValues): string[] =>
  Object.entries(values as unknown as TValues).flatMap(([key, value]) =>
    NESTED.has(key) && value && typeof value === 'object'
      ? Object.keys(value).map((inner) => `${key}.${inner}`)
      : [key],
  );

export const valueAt = (values: TCaseFormValues, path: string): unknown => {
  const [head = '', inner] = path.split(/\.(.*)/s);
  const top = (values as unknown as TValues)[head];
  return inner === undefined ? top : (top as TValues | undefined)?.[inner];
};

const withValue = (values: TCaseFormValues, path: string, value: unknown): TCaseFormValues => {
  const [head = '', inner] = path.split(/\.(.*)/s);
  const copy = { ...(values as unknown as TValues) };
  copy[head] = inner === undefined ? value : { ...(copy[head] as TValues), [inner]: value };
  return copy as unknown as TCaseFormValues;
};

/** Same value as a person would see it: '' and null and a missing value are all empty. */
const same = (a: unknown, b: unknown): boolean => {
  const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
};

export function mergeCaseValues(
  base: TCaseFormValues,
  mine: TCaseFormValues,
  theirs: TCaseFormValues,
): TMergeResult {
  let merged = theirs;
  const kept: string[] = [];
  const taken: string[] = [];
  const conflicts: TFieldConflict[] = [];
  const paths = new Set([...fieldPaths(base), ...fieldPaths(mine), ...fieldPaths(theirs)]);
  for (const path of paths) {
    const b = valueAt(base, path);
    const m = valueAt(mine, path);
    const t = valueAt(theirs, path);
    const iChanged = !same(m, b);
    const theyChanged = !same(t, b);
    if (iChanged && !theyChanged) {
      kept.push(path);
      merged = withValue(merged, path, m);
    } else if (theyChanged && !iChanged) {
      taken.push(path);
    } else if (iChanged && theyChanged && !same(m, t)) {
      conflicts.push({ path, mine: m, theirs: t });
      merged = withValue(merged, path, m);
    }
  }
  return { merged, kept, taken, conflicts };
}
