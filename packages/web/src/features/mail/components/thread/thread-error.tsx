import { Button } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { isHttpError } from '../../../../lib/http-error';

const messageKey = (error: unknown) => {
  if (!isHttpError(error)) return 'errors.generic';
  if (error.status === 404) return 'errors.caseNotFound';
  if (error.status === 400) return 'errors.badRequest';
  if (error.status === 403) return 'errors.forbidden';
  return 'errors.generic';
};

/** A failed load as a translated message, never a blank pane. */
export function ThreadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('mail');
  const key = messageKey(error);
  return (
    <EmptyState
      icon={<IconMailOff size={32} />}
      title={t(key)}
      action={
        key === 'errors.generic' ? (
          <Button variant="light" onClick={onRetry}>
            {t('thread.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
