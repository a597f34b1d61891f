import {
  STATUS_DIMENSIONS,
  caseFormProblems,
  type TCaseFields,
  type TCaseItemInput,
  type TFieldProblem,
} from '@claimdesk/contracts';
import { invalidFields } from '../../lib/app-error';
import type { WorkflowConfig } from './case-config';

/** A case's editable state (the request merged onto the stored case). */
export type CaseState = Omit<TCaseFields, 'items'> & { items: TCaseItemInput[] };

/** The value of a form key (`customer.name`, `custom.warranty`, `items`) in a case state. */
export function valueOf(state: CaseState, key: string): unknown {
  if (key.startsWith('custom.')) return state.customFields[key.slice(7)];
  if (key.startsWith('customer.')) return state.customer[key.slice(9) as keyof CaseState['customer']];
  return (state as unknown as Record<string, unknown>)[key];
}

/**
 * Checks a case state against its workflow's configuration: the status is one of the
 * workflow's, each status dimension one of its options and only where its feature flag is on,
 * custom fields known, of their type and within their limits, required form fields filled.
 * `changed` names the fields the request sets (all of them on create): only those are checked
 * against options, so a case whose stored status left the configuration can still be edited.
 * Throws 400 with fieldErrors (and their coded fieldIssues) keyed by form key.
 */
export function validateCase(config: WorkflowConfig, state: CaseState, changed: ReadonlySet<string>): void {
  const errors: Record<string, TFieldProblem> = {};
  const { statusOptions, features, form } = config;

  if (changed.has('status') && !statusOptions.statuses.some((s) => s.value === state.status)) {
    errors.status = {
      code: 'not_an_option',
      params: { value: state.status },
      message: `"${state.status}" is not a status of the ${config.workFlow} workflow`,
    };
  }
  for (const dimension of STATUS_DIMENSIONS) {
    const value = state[dimension];
    if (!changed.has(dimension) || value === null || value === undefined) continue;
    if (!features[dimension]) {
      errors[dimension] = {
        code: 'feature_off',
        params: { feature: dimension },
        message: `Not available: the ${dimension} feature is off in this store`,
      };
    } else if (!statusOptions[dimension].some((o) => o.value === value)) {
      errors[dimension] = {
        code: 'not_an_option',
        params: { value },
        message: `"${value}" is not an option of ${dimension}`,
      };
    }
  }

  // Custom fields and required fields: the form's rules, shared with the web's case form.
  const formProblems = caseFormProblems({
    workFlow: config.workFlow,
    form,
    features,
    ...(changed.has('customFields') && { customFields: state.customFields }),
    valueOf: (key) => valueOf(state, key),
  });
  for (const [key, found] of Object.entries(formProblems)) errors[key] ??= found;
  if (Object.keys(errors).length > 0) {
    throw invalidFields(describe(errors), errors);
  }
}

/** A message that names the first problem, so a toast alone already helps. */
function describe(errors: Record<string, TFieldProblem>): string {
  const [first] = Object.entries(errors);
  if (!first) return 'Some fields are not valid';
  const more = Object.keys(errors).length - 1;
  return `${first[0]}: ${first[1].message}${more > 0 ? ` (and ${more} more)` : ''}`;
}
