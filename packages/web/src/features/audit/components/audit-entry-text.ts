import type { TFunction } from 'i18next';
import type { TAuditLogEntry } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';

/** The moment in the reader's time zone and language, to the second. */
export const entryTime = (iso: string, language: string): string =>
  new Date(iso).toLocaleString(intlLocale(language), { dateStyle: 'medium', timeStyle: 'medium' });

/** The action in words; an action this screen does not know yet as its code. */
export const actionText = (t: TFunction<'audit'>, action: string): string =>
  t(`actions.${action}`, { defaultValue: action });

/** "Mailbox support@shop.test", "Document menu"; empty when the entry names no target. */
export function targetText(
  t: TFunction<'audit'>,
  entry: Pick<TAuditLogEntry, 'targetType' | 'targetId'>,
): string {
  const kind = entry.targetType
    ? t(`targetTypes.${entry.targetType}`, { defaultValue: entry.targetType })
    : '';
  return [kind, entry.targetId ?? ''].filter(Boolean).join(': ');
}

/** Who: the command line's operator by name, anyone else by username. */
export const actorText = (t: TFunction<'audit'>, actor: string): string =>
  actor === 'operator' ? t('operator') : actor;
