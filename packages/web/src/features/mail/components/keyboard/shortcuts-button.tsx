import { ActionIcon, Tooltip } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Opens the screen's list of keyboard shortcuts (as `?` does). Not offered below a tablet's
 * width, where there are no keys to press.
 */
export function ShortcutsButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Tooltip label={t('keys.title')}>
      <ActionIcon variant="default" size="lg" visibleFrom="sm" onClick={onClick} aria-label={t('keys.title')}>
        <IconKeyboard size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
