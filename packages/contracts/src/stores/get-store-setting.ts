import { z } from 'zod';
import { ZLanguage } from '../languages';

export const SUPPLIER_SOURCES = ['internal', 'external'] as const;

/** GET /v2/api/stores/setting — the signed-in store's settings. */
export const ZStoreSettingResponse = z.object({
  storeName: z.string(),
  displayName: z.string(),
  companyName: z.string(),
  language: ZLanguage,
  supplierSource: z.enum(SUPPLIER_SOURCES),
});
export type TStoreSettingResponse = z.infer<typeof ZStoreSettingResponse>;
