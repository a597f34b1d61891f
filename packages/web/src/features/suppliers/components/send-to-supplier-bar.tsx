import { Anchor, Badge, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconSend, IconSendOff, IconTruck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCase } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCaseSupplierStatus } from '../api/send-to-supplier';
import { useWithdrawFromSupplier } from '../api/withdraw-from-supplier';

// The claim mail's editor loads when the person opens it, not with every case list.
const SendToSupplierModal = lazy(() =>
  import('./send-to-supplier-modal').then((m) => ({ default: m.SendToSupplierModal })),
);

/**
 * The case's supplier on its page: who it is, when the claim went to it, when it answered or
 * by when it promised to, a red mark when the answer is overdue, and "Send to supplier".
 */
export function SendToSupplierBar({ current }: { current: TCase }) {
  const { t, i18n } = useTranslation('suppliers');
  const isStaff = useSession().grantType === 'password';
  const status = useCaseSupplierStatus(current.id, current.version, isStaff);
  const [isOpen, setOpen] = useState(false);
  const withdraw = useWithdrawFromSupplier();
  if (!isStaff || status.isError) return null;
  if (!status.data) return <Skeleton height={58} mb="md" />;
  const { supplier, sentAt, answeredAt, answerDueAt, overdueDays } = status.data;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(intlLocale(i18n.language), { dateStyle: 'medium' });

  return (
    <Paper withBorder p="sm" mb="md" data-testid="case-supplier-bar">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
          <IconTruck size={20} aria-hidden />
          {supplier ? (
            <Text size="sm" fw={600}>
              {t('send.barTitle')}:{' '}
              <Anchor component={Link} to={`/suppliers/${String(supplier.id)}`} size="sm" fw={600}>
                {supplier.name}
              </Anchor>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('send.noSupplier')}
            </Text>
          )}
          {supplier && (
            <Badge variant="light" color={sentAt ? 'teal' : 'gray'} tt="none" data-testid="supplier-sent">
              {sentAt ? t('send.sentOn', { date: date(sentAt) }) : t('send.notSent')}
            </Badge>
          )}
          {answeredAt && (
            <Badge variant="light" color="blue" tt="none">
              {t('send.answeredOn', { date: date(answeredAt) })}
            </Badge>
          )}
          {overdueDays !== null ? (
            <Badge
              color="red.8"
              variant="filled"
              tt="none"
              leftSection={<IconAlertTriangle size={14} aria-hidden />}
              data-testid="supplier-overdue"
            >
              {t('send.overdue', { count: overdueDays })}
            </Badge>
          ) : (
            answerDueAt &&
            !answeredAt && (
              <Text size="xs" c="dimmed">
                {t('send.dueOn', { date: date(answerDueAt) })}
              </Text>
            )
          )}
        </Group>
        {supplier && sentAt && (
          <Button
            size="sm"
            variant="default"
            color="red"
            leftSection={<IconSendOff size={16} aria-hidden />}
            loading={withdraw.isPending}
            data-testid="supplier-withdraw"
            onClick={() =>
              modals.openConfirmModal({
                title: t('withdraw.title'),
                children: <Text size="sm">{t('withdraw.question', { supplier: supplier.name })}</Text>,
                labels: { confirm: t('withdraw.confirm'), cancel: t('common:actions.cancel') },
                confirmProps: { color: 'red.9' },
                closeButtonProps: { 'aria-label': t('common:actions.close') },
                onConfirm: () => withdraw.mutate(current.id),
              })
            }
          >
            {t('withdraw.button')}
          </Button>
        )}
        {supplier && !current.isArchived && (
          <Button
            size="sm"
            variant={sentAt ? 'default' : 'filled'}
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => setOpen(true)}
            disabled={supplier.isDisabled}
          >
            {sentAt ? t('send.buttonAgain') : t('send.button')}
          </Button>
        )}
      </Group>
      {isOpen && (
        <Suspense fallback={null}>
          <SendToSupplierModal current={current} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
