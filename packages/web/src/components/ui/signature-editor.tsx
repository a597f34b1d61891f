import { Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage, type TSignatures } from '@claimdesk/contracts';
import { isLanguage } from '../../lib/i18n';
import { notifyFailure } from '../../lib/notify';
import { INLINE_IMAGE_MAX_BYTES, RichTextField } from './rich-text-editor';

interface Props {
  /** The signatures as loaded; each language's editor starts from its own. */
  initial: TSignatures;
  onChange: (language: TLanguage, html: string) => void;
  label: string;
}

/**
 * A signature per language of the mail, one tab each (a tab with text is marked), each a rich
 * text with pictures kept inline (a small logo).
 */
export function SignatureEditor({ initial, onChange, label }: Props) {
  const { t, i18n } = useTranslation('common');
  // The tab open first: the language the person uses the app in.
  const [language, setLanguage] = useState<TLanguage>(isLanguage(i18n.language) ? i18n.language : 'en');
  const [written, setWritten] = useState<Partial<Record<TLanguage, boolean>>>(() =>
    Object.fromEntries(LANGUAGES.map((l) => [l, Boolean(initial[l])])),
  );
  return (
    <Tabs value={language} onChange={(next) => next && setLanguage(next as TLanguage)} keepMounted>
      <Tabs.List>
        {LANGUAGES.map((l) => (
          <Tabs.Tab key={l} value={l} data-testid={`signature-tab-${l}`}>
            {t(`language.names.${l}`)}
            {written[l] ? ' ✓' : ''}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {LANGUAGES.map((l) => (
        <Tabs.Panel key={l} value={l} pt="sm">
          <RichTextField
            initialHtml={initial[l] ?? ''}
            label={`${label} (${t(`language.names.${l}`)})`}
            placeholder={t('signature.placeholder')}
            minHeight={100}
            testId={`signature-editor-${l}`}
            onChange={(html, text) => {
              setWritten((w) => ({ ...w, [l]: text.trim() !== '' || html.includes('<img') }));
              onChange(l, html);
            }}
            onPictureTooBig={() =>
              notifyFailure(t('signature.pictureTooBig', { max: INLINE_IMAGE_MAX_BYTES / (1024 * 1024) }))
            }
          />
        </Tabs.Panel>
      ))}
      <Text size="xs" c="dimmed" mt="xs">
        {t('signature.hint')}
      </Text>
    </Tabs>
  );
}
