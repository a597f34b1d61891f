import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INBOX_SEARCH_MAX_LENGTH } from '@claimdesk/contracts';

interface Props {
  value: string;
  /** Called once the user stops typing. */
  onSearch: (value: string) => void;
}

/** The inbox search: sender, subject and text, every word as a prefix. */
export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox({ value, onSearch }, ref) {
  const { t } = useTranslation('inbox');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const debounced = useDebouncedCallback((next: string) => onSearch(next.trim()), 350);
  return (
    <TextInput
      ref={ref}
      type="search"
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={INBOX_SEARCH_MAX_LENGTH}
      w={{ base: '100%', sm: 320 }}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
      data-testid="inbox-search"
    />
  );
});
