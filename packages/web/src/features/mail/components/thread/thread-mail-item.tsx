import { ActionIcon, Paper, Tooltip } from '@mantine/core';
import { IconChevronUp } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { MailView } from '../view/mail-view';
import { ThreadMailSummary } from './thread-mail-summary';
import { useIsShown } from './use-is-shown';

interface Props {
  mail: TMailLog;
  isExpanded: boolean;
  onToggle: () => void;
  /** Called once an unread inbound mail is open on screen. */
  onSeen: (mail: TMailLog) => void;
}

/** One mail of the conversation: a summary line, or the whole mail once unfolded. */
export function ThreadMailItem({ mail, isExpanded, onToggle, onSeen }: Props) {
  const { t } = useTranslation('mail');
  const ref = useRef<HTMLDivElement>(null);
  const isUnread = mail.direction === 'in' && !mail.isRead;
  // A long thread draws its open mails only as they come near the screen.
  const isNear = useIsShown(ref, { isEnabled: isExpanded, margin: '800px', isSticky: true });
  const isDrawn = isExpanded && isNear;
  const isShown = useIsShown(ref, { isEnabled: isDrawn && isUnread });
  useEffect(() => {
    if (isShown && isDrawn && isUnread) onSeen(mail);
  }, [isShown, isDrawn, isUnread, mail, onSeen]);
  return (
    <Paper
      ref={ref}
      withBorder
      radius="md"
      p={isDrawn ? 'md' : 0}
      data-testid="thread-mail"
      data-mail-id={mail.id}
      style={isUnread ? { borderLeft: '3px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      {isDrawn ? (
        <MailView
          mail={mail}
          actions={
            <Tooltip label={t('thread.collapse')}>
              <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={t('thread.collapse')}>
                <IconChevronUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          }
        />
      ) : (
        <ThreadMailSummary mail={mail} onExpand={onToggle} />
      )}
    </Paper>
  );
}
