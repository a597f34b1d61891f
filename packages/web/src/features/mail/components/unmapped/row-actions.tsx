import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconFolderPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  isBin: boolean;
  disabled: boolean;
  onMap: () => void;
  onNewCase: () => void;
  onDelete: () => void;
  onRestore: () => void;
}

/** A mail's own actions: map by search, new case, delete; in the bin, restore. */
export function RowActions({ isBin, disabled, onMap, onNewCase, onDelete, onRestore }: Props) {
  const { t } = useTranslation('inbox');
  if (isBin)
    return (
      <Group gap={6}>
        <Button
          size="compact-xs"
          variant="default"
          leftSection={<IconArrowBackUp size={12} aria-hidden />}
          onClick={onRestore}
          disabled={disabled}
        >
          {t('actions.restore')}
        </Button>
      </Group>
    );
  return (
    <Group gap={6}>
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconSearch size={12} aria-hidden />}
        onClick={onMap}
        disabled={disabled}
      >
        {t('actions.mapToCase')}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconFolderPlus size={12} aria-hidden />}
        onClick={onNewCase}
        disabled={disabled}
      >
        {t('actions.newCase')}
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={12} aria-hidden />}
        onClick={onDelete}
        disabled={disabled}
      >
        {t('actions.delete')}
      </Button>
    </Group>
  );
}
