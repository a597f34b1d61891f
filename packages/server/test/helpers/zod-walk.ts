import type { z } from 'zod';

/** The parts of a zod 4 schema's definition that the hostile-input test reads. */
export interface Def {
  type: string;
  coerce?: boolean;
  format?: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  catchall?: z.ZodType;
}

export interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

export const defOf = (schema: z.ZodType): Def => schema._zod.def;

export const checksOf = (schema: z.ZodType): CheckDef[] =>
  (defOf(schema).checks ?? []).map((c) => c._zod.def);

/** The schemas that wrap one other schema without changing what it takes. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

export const unwrap = (schema: z.ZodType): z.ZodType => {
  let current = schema;
  for (let def = defOf(current); WRAPPERS.has(def.type) && def.innerType; def = defOf(current)) {
    current = def.innerType;
  }
  return current;
};

/** The schema that checks what a client sends: a pipe's output, unless that is a bare transform. */
export const inputSideOf = (schema: z.ZodType): z.ZodType => {
  const def = defOf(schema);
  if (def.type !== 'pipe' || !def.in || !def.out) return schema;
  return defOf(def.out).type === 'transform' ? def.in : def.out;
};

/** Bounds of a number schema from its checks (inclusive), as far as they are set. */
export function numberBounds(schema: z.ZodType): { min?: number; max?: number; isInt: boolean } {
  const bounds: { min?: number; max?: number; isInt: boolean } = { isInt: false };
  for (const check of checksOf(schema)) {
    if (check.check === 'number_format') bounds.isInt = true;
    if (check.check === 'greater_than' && typeof check.value === 'number')
      bounds.min = check.inclusive ? check.value : check.value + (bounds.isInt ? 1 : Number.EPSILON);
    if (check.check === 'less_than' && typeof check.value === 'number')
      bounds.max = check.inclusive ? check.value : check.value - (bounds.isInt ? 1 : Number.EPSILON);
  }
  return bounds;
}
