import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/notify';
import { getMailCompose, type TComposeTarget } from '../../api/get-mail-compose';
import { useWorkflowTemplates } from '../../api/list-mail-templates';
import { splitQuote } from './split-quote';

interface Options {
  target: TComposeTarget;
  /** The text written so far (HTML): a template replaces it only once the person agrees. */
  body: string | null;
  /** The template's text and subject, filled in for the case. */
  onFilled: (text: string, subject: string) => void;
  onProblem: (problem: string) => void;
}

/** The templates of a mail being written: their names, the one chosen, and filling one in. */
export function useComposeTemplate({ target, body, onFilled, onProblem }: Options) {
  const { t } = useTranslation('compose');
  const templates = useWorkflowTemplates(target.workFlow, target.sendType);
  const [templateKey, setTemplateKey] = useState<string | null>(null);

  const templateOptions = useMemo(() => {
    // A built-in template by its name in the UI language; a store's own by its key written as words.
    const templateName = (key: string) =>
      t(`template.names.${key}`, {
        defaultValue: key.charAt(0).toUpperCase() + key.slice(1).replace(/-/g, ' '),
      });
    const keys = (templates.data ?? []).filter((tpl) => !tpl.isDisabled).map((tpl) => tpl.key);
    return [...new Set(keys)].map((key) => ({ value: key, label: templateName(key) }));
  }, [templates.data, t]);

  const applyTemplate = async (key: string) => {
    try {
      const filled = await getMailCompose({ ...target, templateKey: key, language: null });
      onFilled(splitQuote(filled.html).body, filled.subject);
    } catch (error) {
      onProblem(errorText(error));
    }
  };

  const chooseTemplate = (key: string | null) => {
    setTemplateKey(key);
    if (!key || body === null) return;
    const hasText = new DOMParser().parseFromString(body, 'text/html').body.textContent?.trim();
    if (!hasText) return void applyTemplate(key);
    modals.openConfirmModal({
      title: t('template.replaceTitle'),
      children: <Text size="sm">{t('template.replaceText')}</Text>,
      labels: { confirm: t('template.replace'), cancel: t('template.keep') },
      onConfirm: () => void applyTemplate(key),
      onCancel: () => setTemplateKey(null),
    });
  };

  return { templateKey, templateOptions, chooseTemplate };
}
