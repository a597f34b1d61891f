import type { TMailTemplate } from '@claimdesk/contracts';
import { isLanguage } from '../../../lib/i18n';
import { LANGUAGES } from '../../../lib/constants';
import type { TEditorTarget } from './editor-target';

/**
 * The editor's target from the address: `?new=1` a new template, `?key=&language=` that
 * template, or a new language of that key when it has none in it yet. Null: nothing to edit
 * (the list), or a key that no longer exists.
 */
export const resolveTarget = (
  templates: readonly TMailTemplate[],
  params: URLSearchParams,
): TEditorTarget | 'missing' | null => {
  if (params.get('new') === '1')
    return { kind: 'new', base: null, source: null, language: null, languages: LANGUAGES };
  const key = params.get('key');
  if (!key) return null;
  const language = params.get('language');
  const siblings = templates.filter((t) => t.key === key);
  const template = siblings.find((t) => t.language === language);
  if (template) return { kind: 'existing', template };
  const [first] = siblings;
  if (!first) return 'missing';
  const taken = new Set(siblings.map((t) => t.language));
  const languages = LANGUAGES.filter((l) => !taken.has(l));
  if (languages.length === 0) return 'missing';
  return {
    kind: 'new',
    base: { key, workFlow: first.workFlow, sendType: first.sendType },
    // English if the key has it, else its first language.
    source: siblings.find((t) => t.language === 'en') ?? first,
    language: isLanguage(language) && languages.includes(language) ? language : null,
    languages,
  };
};

export const targetId = (target: TEditorTarget): string =>
  target.kind === 'existing'
    ? `${target.template.key}:${target.template.language}:${String(target.template.id)}`
    : `new:${target.base?.key ?? ''}`;
