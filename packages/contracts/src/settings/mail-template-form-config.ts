import { z } from 'zod';
import { ZOption, uniqueBy } from './config-common';

export const SEND_TYPES = ['customer', 'supplier', 'forward'] as const;
export type TSendType = (typeof SEND_TYPES)[number];

/** json-config `mail-template-form`: the choices of the mail-template editor. */
export const ZMailTemplateFormConfig = z.object({
  sendTypes: z.array(z.enum(SEND_TYPES)).min(1),
  /** Named groups of templates shown in the editor's picker. */
  categories: z.array(ZOption).superRefine(uniqueBy((o) => o.value, 'category')),
});
export type TMailTemplateFormConfig = z.infer<typeof ZMailTemplateFormConfig>;

export const DEFAULT_MAIL_TEMPLATE_FORM: TMailTemplateFormConfig = {
  sendTypes: ['customer', 'supplier', 'forward'],
  categories: [
    { value: 'acknowledge', label: 'template.category.acknowledge' },
    { value: 'request-info', label: 'template.category.requestInfo' },
    { value: 'resolution', label: 'template.category.resolution' },
  ],
};
