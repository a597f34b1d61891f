import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMailbox } from '@claimdesk/contracts';

export type TMailboxStatus = 'failing' | 'disabled' | 'unproven' | 'connected';

/** What matters most first: a failure, then being off, then the missing proof. */
export const mailboxStatus = (m: TMailbox): TMailboxStatus => {
  if (m.state === 'failing') return 'failing';
  if (!m.isEnabled) return 'disabled';
  if (!m.isVerified) return 'unproven';
  return 'connected';
};

const COLORS: Record<TMailboxStatus, string> = {
  failing: 'red',
  disabled: 'gray',
  unproven: 'yellow',
  connected: 'teal',
};

const badgeProps = { size: 'md', tt: 'none', fw: 600, styles: { label: { overflow: 'visible' } } } as const;

export function StatusBadge({ mailbox }: { mailbox: TMailbox }) {
  const { t } = useTranslation('mailConfig');
  const status = mailboxStatus(mailbox);
  return (
    <Badge variant="dot" color={COLORS[status]} {...badgeProps} data-testid="mailbox-status">
      {t(`state.${status}`)}
    </Badge>
  );
}

export function KindBadge({ mailbox }: { mailbox: TMailbox }) {
  const { t } = useTranslation('mailConfig');
  return (
    <Badge variant="light" color="gray" {...badgeProps}>
      {t(`kind.${mailbox.kind}`)}
    </Badge>
  );
}
