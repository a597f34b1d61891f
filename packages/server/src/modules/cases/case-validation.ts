import {
  CUSTOM_TEXT_MAX_LENGTH,
  STATUS_DIMENSIONS,
  ZEmail,
  type TCaseFields,
  type TCaseItemInput,
  type TFormField,
} from '@claimdesk/contracts';
import { AppError } from '../../lib/app-error';
import type { WorkflowConfig } from './case-config';

/** A case's editable state (the request merged onto the stored case). */
export type CaseState = Omit<TCaseFields, 'items'> & { items: TCaseItemInput[] };

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The value of a form key (`customer.name`, `custom.warranty`, `items`) in a case state. */
export function valueOf(state: CaseState, key: string): unknown {
  if (key.startsWith('custom.')) return state.customFields[key.slice(7)];
  if (key.startsWith('customer.')) return state.customer[key.slice(9) as keyof CaseState['customer']];
  return (state as unknown as Record<string, unknown>)[key];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: string) =>
  DATE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Why a custom field's value does not fit its form field, or null when it does. */
function customFieldError(field: TFormField, value: unknown): string | null {
  if (value === null) return null;
  const options = field.options?.map((o) => o.value);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email': {
      if (typeof value !== 'string') return 'Must be text';
      const max = field.maxLength ?? CUSTOM_TEXT_MAX_LENGTH;
      if (value.length > max) return `At most ${max} characters`;
      if (field.type === 'email' && value !== '' && !ZEmail.safeParse(value).success)
        return 'Must be a valid email address';
      return null;
    }
    case 'number':
    case 'money': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Must be a number';
      // Money is kept in minor units (øre, cent), as the form sends it and cost registration keeps it.
      if (field.type === 'money' && !Number.isInteger(value))
        return 'An amount in minor units (a whole number)';
      if (field.min !== undefined && value < field.min) return `At least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `At most ${field.max}`;
      return null;
    }
    case 'date':
      return typeof value === 'string' && (value === '' || isDate(value)) ? null : 'A date as YYYY-MM-DD';
    case 'select':
      if (typeof value !== 'string') return 'Choose one of the options';
      return value === '' || !options || options.includes(value)
        ? null
        : `"${value}" is not one of the options`;
    case 'multi-select': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return 'Choose from the options';
      const bad = options ? value.filter((v) => !options.includes(v as string)) : [];
      return bad.length > 0 ? `"${String(bad[0])}" is not one of the options` : null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'Must be true or false';
    case 'items':
      return 'An item list cannot be a custom field';
  }
}

/**
 * Checks a case state against its workflow's configuration: the status is one of the
 * workflow's, each status dimension one of its options and only where its feature flag is on,
 * custom fields known, of their type and within their limits, required form fields filled.
 * `changed` names the fields the request sets (all of them on create): only those are checked
 * against options, so a case whose stored status left the configuration can still be edited.
 * Throws 400 with fieldErrors keyed by form key.
 */
export function validateCase(config: WorkflowConfig, state: CaseState, changed: ReadonlySet<string>): void {
  const errors: Record<string, string> = {};
  const { statusOptions, features, form } = config;

  if (changed.has('status') && !statusOptions.statuses.some((s) => s.value === state.status)) {
    errors.status = `"${state.status}" is not a status of the ${config.workFlow} workflow`;
  }
  for (const dimension of STATUS_DIMENSIONS) {
    const value = state[dimension];
    if (!changed.has(dimension) || value === null || value === undefined) continue;
    if (!features[dimension]) {
      errors[dimension] = `Not available: the ${dimension} feature is off in this store`;
    } else if (!statusOptions[dimension].some((o) => o.value === value)) {
      errors[dimension] = `"${value}" is not an option of ${dimension}`;
    }
  }

  const fields = form.groups.flatMap((g) => g.fields);
  const isShown = (f: TFormField) => !f.feature || features[f.feature];
  if (changed.has('customFields')) {
    const custom = new Map(fields.filter((f) => f.key.startsWith('custom.')).map((f) => [f.key.slice(7), f]));
    for (const [name, value] of Object.entries(state.customFields)) {
      const key = `custom.${name}`;
      const field = custom.get(name);
      if (!field) errors[key] = `The ${config.workFlow} form has no field ${key}`;
      else if (!isShown(field) && !isEmpty(value))
        errors[key] = `Not available: the ${field.feature ?? ''} feature is off`;
      else {
        const error = customFieldError(field, value);
        if (error) errors[key] = error;
      }
    }
  }
  for (const field of fields) {
    if (field.required && isShown(field) && !errors[field.key] && isEmpty(valueOf(state, field.key))) {
      errors[field.key] = 'Required';
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', describe(errors), errors);
  }
}

/** A message that names the first problem, so a toast alone already helps. */
function describe(errors: Record<string, string>): string {
  const [first] = Object.entries(errors);
  if (!first) return 'Some fields are not valid';
  const more = Object.keys(errors).length - 1;
  return `${first[0]}: ${first[1]}${more > 0 ? ` (and ${more} more)` : ''}`;
}
