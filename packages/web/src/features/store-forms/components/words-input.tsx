import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type TLanguage } from '@claimdesk/contracts';
import type { TWords } from '../lib/store-words';

interface Props {
  label: string;
  words: TWords;
  onChange: (words: TWords) => void;
  error?: string | null;
  /** Prefix of the inputs' test ids: `${testId}-en`. */
  testId?: string;
}

/** A label in each language; a language left empty reads like the first one filled in. */
export function WordsInput({ label, words, onChange, error, testId }: Props) {
  const { t } = useTranslation('settings');
  const set = (lng: TLanguage, value: string) => onChange({ ...words, [lng]: value });
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} mb={4}>
        {label}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={6}>
        {LANGUAGES.map((lng) => (
          <TextInput
            key={lng}
            size="sm"
            label={t(`common:language.names.${lng}`)}
            value={words[lng]}
            onChange={(e) => set(lng, e.currentTarget.value)}
            maxLength={200}
            error={lng === LANGUAGES[0] ? error : undefined}
            data-testid={testId ? `${testId}-${lng}` : undefined}
          />
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={4}>
        {t('storeForms.wordsHint')}
      </Text>
    </fieldset>
  );
}
