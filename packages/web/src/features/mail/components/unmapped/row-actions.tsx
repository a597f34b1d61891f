import { Button, Group } from '@mantine/core';
import { IconArrowBackUp, IconFolderPlus, IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  isBin: boolean;
  disabled: boolean;
  onMap: () => void;
  onNewCase: () => void;
  onDelete: () => void;
  onRestore: () => void;
  /** A customer's or supplier's mail: answer it without a case. */
  onReply?: () => void;
  /** A draft: go on writing it (its only other action is delete). */
  onContinue?: () => void;
}

/**
 * A mail's own actions: reply, map by search, new case, delete; in the bin, restore; a draft is
 * continued or deleted.
 */
export function RowActions({
  isBin,
  disabled,
  onMap,
  onNewCase,
  onDelete,
  onRestore,
  onReply,
  onContinue,
}: Props) {
  const { t } = useTranslation('inbox');
  const remove = (
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
  );
  if (onContinue && !isBin)
    return (
      <Group gap={6}>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPencil size={12} aria-hidden />}
          onClick={onContinue}
          disabled={disabled}
        >
          {t('actions.continueDraft')}
        </Button>
        {remove}
      </Group>
    );
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
      {onReply && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconArrowBackUp size={12} aria-hidden />}
          onClick={onReply}
          disabled={disabled}
        >
          {t('actions.reply')}
        </Button>
      )}
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
      {remove}
    </Group>
  );
}
