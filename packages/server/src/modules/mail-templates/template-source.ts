import type { TLanguage } from '@claimdesk/contracts';
import type { TenantDb } from '../../db/tenant-db';
import { findBuiltInTemplate } from './built-in/built-in-templates';
import { listStoreTemplatesByKey } from './mail-templates.repository';

/** The subject and body a template renders from, and the language they were found in. */
export interface TemplateSource {
  subject: string;
  body: string;
  language: TLanguage;
}

/**
 * The first language in `order` the store has the template in: its own when enabled, else the
 * built-in one unless the store disabled that language's template (a disabled one hides it).
 */
export async function findTemplateSource(
  db: TenantDb,
  key: string,
  order: readonly TLanguage[],
): Promise<TemplateSource | null> {
  const own = await listStoreTemplatesByKey(db, key);
  const builtIn = findBuiltInTemplate(key);
  for (const language of order) {
    const row = own.find((r) => r.language === language);
    if (row) {
      if (!row.isDisabled) return { subject: row.subject, body: row.body, language };
      continue;
    }
    if (builtIn) return { ...builtIn.texts[language], language };
  }
  return null;
}
