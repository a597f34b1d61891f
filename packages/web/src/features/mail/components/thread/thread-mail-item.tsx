import { ActionIcon, Button, Group, Paper, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChevronUp,
  IconCornerUpLeftDouble,
  IconPencil,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { MailView } from '../view/mail-view';
import { ThreadMailSummary } from './thread-mail-summary';
import { isWaiting, WaitingMailBar } from './waiting-mail-bar';
import { useIsShown } from './use-is-shown';

interface Props {
  mail: TMailLog;
  isExpanded: boolean;
  onToggle: () => void;
  /** Called once an unread inbound mail is open on screen. */
  onSeen: (mail: TMailLog) => void;
  /** Opens a compose answering, forwarding or continuing this mail; absent where nobody writes. */
  onCompose?: (mode: 'reply' | 'replyAll' | 'forward' | 'draft', mail: TMailLog) => void;
}

/** Reply, reply all and forward on a mail; Continue on a draft. */
function ComposeActions({ mail, onCompose }: { mail: TMailLog; onCompose: NonNullable<Props['onCompose']> }) {
  const { t } = useTranslation('compose');
  if (mail.sendState === 'draft')
    return (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => onCompose('draft', mail)}
      >
        {t('actions.continueDraft')}
      </Button>
    );
  const action = (mode: 'reply' | 'replyAll' | 'forward', Icon: typeof IconArrowBackUp) => (
    <Tooltip label={t(`actions.${mode}`)}>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => onCompose(mode, mail)}
        aria-label={t(`actions.${mode}`)}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
  // An internal note is forwarded, not answered: a reply goes to a customer or a supplier.
  const canReply = mail.mailLogType !== 'internal';
  return (
    <Group gap={2} wrap="nowrap">
      {canReply && action('reply', IconArrowBackUp)}
      {canReply && mail.to.length + mail.cc.length > 1 && action('replyAll', IconCornerUpLeftDouble)}
      {action('forward', IconArrowForwardUp)}
    </Group>
  );
}

/** One mail of the conversation: a summary line, or the whole mail once unfolded. */
export function ThreadMailItem({ mail, isExpanded, onToggle, onSeen, onCompose }: Props) {
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
            <Group gap={2} wrap="nowrap">
              {onCompose && <ComposeActions mail={mail} onCompose={onCompose} />}
              <Tooltip label={t('thread.collapse')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={onToggle}
                  aria-label={t('thread.collapse')}
                >
                  <IconChevronUp size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          }
        />
      ) : (
        <ThreadMailSummary mail={mail} onExpand={onToggle} />
      )}
      {onCompose && isWaiting(mail) && (
        <WaitingMailBar mail={mail} onCancelled={(draft) => onCompose('draft', draft)} />
      )}
    </Paper>
  );
}
