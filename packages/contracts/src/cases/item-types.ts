import { z } from 'zod';
import { codedIssue } from '../field-issues';
import { ZText } from '../text';
import { LANGUAGES } from '../languages';

/** An item type's name in each language; at least the store's language is expected, `en` is required. */
export const ZItemTypeNames = z
  .object(
    Object.fromEntries(LANGUAGES.map((l) => [l, ZText.trim().max(100).optional()])) as Record<
      (typeof LANGUAGES)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .refine((names) => Object.values(names).some((n) => n), {
    message: 'Give a name in at least one language',
    ...codedIssue('no_name'),
  });

/** GET /v2/api/claim-item-types (all, disabled included); one entry. */
export const ZItemType = z.object({
  id: z.number().int(),
  key: z.string(),
  names: ZItemTypeNames,
  isDisabled: z.boolean(),
  /** Cases with an item of this type: such a type can be disabled, not deleted. */
  usageCount: z.number().int(),
});
export type TItemType = z.infer<typeof ZItemType>;
export const ZListItemTypesResponse = z.array(ZItemType);

/** POST /v2/api/claim-item-types. */
export const ZCreateItemTypeRequest = z.object({
  key: ZText.refine((key) => /^[a-z][a-z0-9-]{0,39}$/.test(key), {
    message: 'Lower-case letters, digits and -',
    ...codedIssue('not_a_key', { max: 40 }),
  }),
  names: ZItemTypeNames,
});
export type TCreateItemTypeRequest = z.infer<typeof ZCreateItemTypeRequest>;

/** PUT /v2/api/claim-item-types/{id}. DELETE of a type in use is 409 CONFLICT. */
export const ZUpdateItemTypeRequest = z.object({ names: ZItemTypeNames, isDisabled: z.boolean() });
export type TUpdateItemTypeRequest = z.infer<typeof ZUpdateItemTypeRequest>;
