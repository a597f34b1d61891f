import type { TFunction } from 'i18next';

/**
 * A field message from the server, in the user's language where its form is known (the
 * placeholder checks of the contracts); the server's own words otherwise. The placeholder it
 * names is kept as written, so the person sees which one is wrong.
 */
export const serverFieldText = (t: TFunction<'mailTemplates'>, message: string | undefined) => {
  if (message === undefined) return undefined;
  return message
    .split('; ')
    .map((part) => {
      const unknown = /^Unknown placeholder (\{\{.*\}\})$/.exec(part);
      if (unknown?.[1]) return t('errors.unknownPlaceholder', { name: unknown[1] });
      const unclosed = /^Unclosed placeholder "(.*)"$/.exec(part);
      if (unclosed?.[1] !== undefined) return t('errors.unclosedPlaceholder', { text: unclosed[1] });
      const tooLong = /^The fallback of (\{\{.*\}\}) is longer than (\d+) characters$/.exec(part);
      if (tooLong?.[1] && tooLong[2])
        return t('errors.fallbackTooLong', { name: tooLong[1], max: tooLong[2] });
      if (part === 'Required') return t('errors.required');
      if (part === 'Lower-case letters, digits and -, at most 60') return t('errors.key');
      return part;
    })
    .join(' ');
};
