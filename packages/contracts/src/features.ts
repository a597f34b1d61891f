import { z } from 'zod';

/** Per-store feature flags. */
export const FEATURE_FLAGS = [
  'draftClaim',
  'supportClaim',
  'claim',
  'costReg',
  'supplier',
  'customer',
  'statusClaim',
  'statusCreditNote',
  'statusCustomer',
  'statusWareHouse',
] as const;
export type TFeatureFlag = (typeof FEATURE_FLAGS)[number];

export const ZFeatureConfig = z.strictObject(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<TFeatureFlag, z.ZodBoolean>,
);
export type TFeatureConfig = z.infer<typeof ZFeatureConfig>;

/** A new store's flags when nothing is configured: everything but the support workflow. */
export const DEFAULT_FEATURES: TFeatureConfig = {
  draftClaim: true,
  supportClaim: false,
  claim: true,
  costReg: true,
  supplier: true,
  customer: true,
  statusClaim: true,
  statusCreditNote: true,
  statusCustomer: true,
  statusWareHouse: true,
};

/** One-time-code users get every flag on (source, section 4). */
export const ALL_FEATURES_ON: TFeatureConfig = Object.fromEntries(
  FEATURE_FLAGS.map((f) => [f, true]),
) as TFeatureConfig;
