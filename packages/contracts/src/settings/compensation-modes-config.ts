import { z } from 'zod';
import { ZOption, uniqueBy } from './config-common';

/** json-config `compensation-modes`: how a supplier compensates a claim. */
export const ZCompensationModesConfig = z
  .array(ZOption)
  .min(1)
  .superRefine(uniqueBy((o) => o.value, 'mode'));
export type TCompensationModesConfig = z.infer<typeof ZCompensationModesConfig>;

export const DEFAULT_COMPENSATION_MODES: TCompensationModesConfig = [
  { value: 'credit-note', label: 'compensation.creditNote' },
  { value: 'replacement', label: 'compensation.replacement' },
  { value: 'refund', label: 'compensation.refund' },
  { value: 'repair', label: 'compensation.repair' },
];
