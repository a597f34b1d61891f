import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';

const COLORS = { draft: 'gray', pending: 'yellow', sent: 'teal', failed: 'red' } as const;

/** Where an outgoing mail is: draft, sending, sent, or failed (with its error on hover). */
export function SendStateBadge({ mail }: { mail: Pick<TMailLog, 'direction' | 'sendState' | 'sendError'> }) {
  const { t } = useTranslation('mail');
  if (mail.direction !== 'out' || !mail.sendState) return null;
  const badge = (
    <Badge
      size="sm"
      variant="light"
      color={COLORS[mail.sendState]}
      c={`${COLORS[mail.sendState]}.9`}
      bg={`${COLORS[mail.sendState]}.0`}
      tt="none"
    >
      {t(`view.sendState.${mail.sendState}`)}
    </Badge>
  );
  return mail.sendState === 'failed' && mail.sendError ? (
    <Tooltip label={mail.sendError} multiline maw={320}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
