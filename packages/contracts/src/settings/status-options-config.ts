import { z } from 'zod';
import { ZConfigKey, ZLabel, ZOption, uniqueBy } from './config-common';

const COLORS = ['gray', 'blue', 'orange', 'yellow', 'green', 'red', 'violet', 'teal'] as const;

export const ZStatusOption = z.object({
  value: ZConfigKey,
  label: ZLabel,
  /** A case in a closed status counts as closed on the dashboard (it stays open until archived). */
  isClosed: z.boolean().optional(),
  color: z.enum(COLORS).optional(),
});
export type TStatusOption = z.infer<typeof ZStatusOption>;

const ZOptionList = z.array(ZOption).superRefine(uniqueBy((o) => o.value, 'option'));

/** json-config `status-options.{workflow}`: a workflow's statuses and the options of the four status dimensions. */
export const ZStatusOptionsConfig = z
  .object({
    statuses: z
      .array(ZStatusOption)
      .min(1)
      .superRefine(uniqueBy((o) => o.value, 'status')),
    /** The status of a new case. */
    initial: ZConfigKey,
    statusClaim: ZOptionList,
    statusCreditNote: ZOptionList,
    statusCustomer: ZOptionList,
    statusWareHouse: ZOptionList,
  })
  .superRefine((config, ctx) => {
    if (!config.statuses.some((s) => s.value === config.initial)) {
      ctx.addIssue({
        code: 'custom',
        path: ['initial'],
        message: `"${config.initial}" is not one of the statuses`,
      });
    }
  });
export type TStatusOptionsConfig = z.infer<typeof ZStatusOptionsConfig>;

const dimensions = {
  statusClaim: [
    { value: 'not-sent', label: 'status.claim.notSent' },
    { value: 'sent', label: 'status.claim.sent' },
    { value: 'approved', label: 'status.claim.approved' },
    { value: 'rejected', label: 'status.claim.rejected' },
  ],
  statusCreditNote: [
    { value: 'none', label: 'status.creditNote.none' },
    { value: 'requested', label: 'status.creditNote.requested' },
    { value: 'received', label: 'status.creditNote.received' },
  ],
  statusCustomer: [
    { value: 'waiting', label: 'status.customer.waiting' },
    { value: 'informed', label: 'status.customer.informed' },
    { value: 'compensated', label: 'status.customer.compensated' },
  ],
  statusWareHouse: [
    { value: 'not-received', label: 'status.wareHouse.notReceived' },
    { value: 'received', label: 'status.wareHouse.received' },
    { value: 'returned', label: 'status.wareHouse.returned' },
    { value: 'scrapped', label: 'status.wareHouse.scrapped' },
  ],
};

export const DEFAULT_CLAIM_STATUS_OPTIONS: TStatusOptionsConfig = {
  statuses: [
    { value: 'new', label: 'status.new', color: 'blue' },
    { value: 'in-progress', label: 'status.inProgress', color: 'orange' },
    { value: 'waiting-supplier', label: 'status.waitingSupplier', color: 'violet' },
    { value: 'waiting-customer', label: 'status.waitingCustomer', color: 'yellow' },
    { value: 'resolved', label: 'status.resolved', color: 'green', isClosed: true },
    { value: 'rejected', label: 'status.rejected', color: 'red', isClosed: true },
  ],
  initial: 'new',
  ...dimensions,
};

export const DEFAULT_SUPPORT_STATUS_OPTIONS: TStatusOptionsConfig = {
  statuses: [
    { value: 'new', label: 'status.new', color: 'blue' },
    { value: 'in-progress', label: 'status.inProgress', color: 'orange' },
    { value: 'waiting-customer', label: 'status.waitingCustomer', color: 'yellow' },
    { value: 'resolved', label: 'status.resolved', color: 'green', isClosed: true },
  ],
  initial: 'new',
  ...dimensions,
};
