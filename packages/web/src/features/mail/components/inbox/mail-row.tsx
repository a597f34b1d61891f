import { Anchor, Badge, Box, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { forwardRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TUnmappedMail } from '@claimdesk/contracts';
import { mailTime } from '../../lib/mail-format';
import { formatFullTime, formatListTime } from './mail-time';
import classes from './mail-list.module.css';

/** A mail as both lists carry it: the mail log without its body, with a snippet. */
export type TListMail = TUnmappedMail;

/** The case's mail tab: /cases/{open|archive}/{workFlow}/{caseNumber}?tab=mails. */
export const caseMailsPath = (workFlow: string, caseNumber: number) =>
  `/cases/open/${workFlow}/${String(caseNumber)}?tab=mails`;

/** Who the row names: the sender of an incoming mail, the first recipient of an outgoing one. */
const counterpart = (mail: TListMail): string => {
  const person = mail.direction === 'out' ? mail.to[0] : mail.from;
  return person ? person.name?.trim() || person.address : '';
};

function SendState({ mail }: { mail: TListMail }) {
  const { t } = useTranslation('inbox');
  if (mail.direction !== 'out' || !mail.sendState || mail.sendState === 'draft') return null;
  const look = {
    pending: { color: 'yellow', icon: <IconClock size={12} aria-hidden /> },
    sent: { color: 'gray', icon: <IconSend size={12} aria-hidden /> },
    failed: { color: 'red', icon: <IconAlertTriangle size={12} aria-hidden /> },
  }[mail.sendState];
  const badge = (
    <Badge size="xs" variant="light" color={look.color} leftSection={look.icon}>
      {t(`sendState.${mail.sendState}`)}
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

interface Props {
  mail: TListMail;
  /** The keyboard cursor is on this row. */
  isActive: boolean;
  /** This mail is open in the reading pane. */
  isOpen: boolean;
  onOpen: () => void;
  /** The row took the focus (Tab, a click): the keyboard cursor follows it. */
  onFocus?: () => void;
  /** The case's workflow name, for the case tag. */
  workflowName: (workFlow: string) => string;
  /** Present where mails can be selected: the checkbox and its shift-click range. */
  selection?: { isSelected: boolean; onToggle: (isRange: boolean) => void };
  /** Below the mail: the unmapped screen's suggestions and actions. */
  children?: ReactNode;
  /** The case tag (or "Unmapped"); the unmapped screen leaves it out, every mail there has none. */
  isCaseShown?: boolean;
}

/** One mail of a list: sender, subject and first line, time, case or "Unmapped", attachment, send state. */
export const MailRow = forwardRef<HTMLDivElement, Props>(function MailRow(
  { mail, isActive, isOpen, onOpen, onFocus, workflowName, selection, children, isCaseShown = true },
  ref,
) {
  const { t, i18n } = useTranslation('inbox');
  const isUnread = mail.direction === 'in' && !mail.isRead;
  const time = mailTime(mail);
  const attachments = mail.attachments.filter((a) => !a.isInline).length;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen();
    }
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    // A click on the checkbox, a link or a button inside the row does its own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    onOpen();
  };
  return (
    <Box
      ref={ref}
      role="article"
      tabIndex={0}
      aria-current={isOpen ? 'true' : undefined}
      aria-label={t('list.rowLabel', {
        sender: counterpart(mail),
        subject: mail.subject || t('list.noSubject'),
      })}
      className={classes.row}
      data-active={isActive || undefined}
      data-open={isOpen || undefined}
      data-unread={isUnread || undefined}
      data-testid={`mail-row-${String(mail.id)}`}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocus?.();
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {selection && (
          <Checkbox
            mt={2}
            aria-label={t('list.select', { subject: mail.subject || t('list.noSubject') })}
            checked={selection.isSelected}
            onChange={() => undefined}
            onClick={(event) => {
              event.stopPropagation();
              selection.onToggle(event.shiftKey);
            }}
          />
        )}
        <Box className={classes.body}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={isUnread ? 700 : 500} truncate="end" className={classes.grow}>
              {isUnread && <span className={classes.dot} role="img" aria-label={t('list.unread')} />}
              {mail.direction === 'out' && (
                <Text span size="sm" c="dimmed">
                  {t('list.to')}{' '}
                </Text>
              )}
              {counterpart(mail) || t('list.unknownSender')}
            </Text>
            <Tooltip label={formatFullTime(time, i18n.language)} openDelay={400}>
              <Text size="xs" c="dimmed" className={classes.time} fw={isUnread ? 700 : 400}>
                {formatListTime(time, i18n.language)}
              </Text>
            </Tooltip>
          </Group>
          <Text size="sm" fw={isUnread ? 600 : 400} truncate="end">
            {mail.subject || t('list.noSubject')}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {mail.snippet}
          </Text>
          <Group gap={6} mt={4}>
            {!isCaseShown ? null : mail.caseId !== null && mail.caseNumber !== null && mail.workFlow ? (
              <Anchor
                component={Link}
                to={caseMailsPath(mail.workFlow, mail.caseNumber)}
                size="xs"
                fw={600}
                data-testid="case-link"
              >
                #{mail.caseNumber} · {workflowName(mail.workFlow)}
              </Anchor>
            ) : (
              <Badge size="xs" variant="outline" color="orange">
                {t('list.unmapped')}
              </Badge>
            )}
            {attachments > 0 && (
              <Group gap={2} c="dimmed" aria-label={t('list.attachments', { count: attachments })}>
                <IconPaperclip size={14} aria-hidden />
                <Text size="xs">{attachments}</Text>
              </Group>
            )}
            <SendState mail={mail} />
          </Group>
          {children}
        </Box>
      </Group>
    </Box>
  );
});
