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
  const action = (
    key: string,
    Icon: typeof IconTrash,
    onClick: () => void,
    variant: 'default' | 'light' | 'subtle' = 'default',
  ) => (
    <Button
      size="compact-xs"
      variant={variant}
      color={key === 'delete' ? 'red' : undefined}
      leftSection={<Icon size={12} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
    >
      {t(`actions.${key}`)}
    </Button>
  );
  const remove = action('delete', IconTrash, onDelete, 'subtle');
  if (isBin) return <Group gap={6}>{action('restore', IconArrowBackUp, onRestore)}</Group>;
  if (onContinue)
    return (
      <Group gap={6}>
        {action('continueDraft', IconPencil, onContinue, 'light')}
        {remove}
      </Group>
    );
  return (
    <Group gap={6}>
      {onReply && action('reply', IconArrowBackUp, onReply, 'light')}
      {action('mapToCase', IconSearch, onMap)}
      {action('newCase', IconFolderPlus, onNewCase)}
      {remove}
    </Group>
  );
}
