import { Box, Button, Group, Paper, Stack } from '@mantine/core';
import { IconArrowLeft, IconMailOpened } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';

interface Props {
  /** Whether a mail is open. */
  isOpen: boolean;
  /** The screen's actions on the open mail (mark unread, move, map, delete). */
  actions?: ReactNode;
  /** Under 768 px the pane replaces the list: the way back to it. */
  onBack?: () => void;
  /** The open mail's view. */
  children?: ReactNode;
}

/** The reading pane beside the list: the open mail, or a line saying how to open one. */
export function ReadingPane({ isOpen, actions, onBack, children }: Props) {
  const { t } = useTranslation('inbox');
  return (
    <Paper withBorder p="md" data-testid="reading-pane" aria-label={t('pane.label')} component="section">
      {onBack && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
          onClick={onBack}
          mb="sm"
        >
          {t('pane.back')}
        </Button>
      )}
      {isOpen ? (
        <Stack gap="md">
          {actions && <Group gap="xs">{actions}</Group>}
          <Box miw={0}>{children}</Box>
        </Stack>
      ) : (
        <EmptyState
          icon={<IconMailOpened size={32} />}
          title={t('pane.emptyTitle')}
          description={t('pane.emptyText')}
        />
      )}
    </Paper>
  );
}
