import { Button, Menu } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsExchange,
  IconChevronDown,
  IconMail,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { caseMailsPath, type TListMail } from './mail-row';

interface Props {
  mail: TListMail;
  onMarkUnread: () => void;
  onMoveToCase: () => void;
  onMoveToUnmapped: () => void;
  onDelete: () => void;
  /** Answers a mail without a case, or goes on with a draft without one (in a compose of its own). */
  onWriteWithoutCase: (mode: 'reply' | 'draft') => void;
}

/** The inbox pane's actions on one mail: reply (on its case, or without one), mark unread, move, delete. */
export function MailPaneActions({
  mail,
  onMarkUnread,
  onMoveToCase,
  onMoveToUnmapped,
  onDelete,
  onWriteWithoutCase,
}: Props) {
  const { t } = useTranslation('inbox');
  const isQueued = mail.direction === 'out' && (mail.sendState === 'pending' || mail.sendState === 'draft');
  // A mail on a case is answered on the case: its thread opens with the reply ready.
  const canReply = mail.caseId !== null && mail.workFlow !== null && mail.mailLogType !== 'internal';
  const canReplyWithoutCase =
    mail.caseId === null && mail.direction === 'in' && mail.mailLogType !== 'internal';
  const isLooseDraft = mail.caseId === null && mail.direction === 'out' && mail.sendState === 'draft';
  return (
    <>
      {canReplyWithoutCase && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          onClick={() => onWriteWithoutCase('reply')}
          data-testid="pane-reply"
        >
          {t('actions.reply')}
        </Button>
      )}
      {isLooseDraft && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden />}
          onClick={() => onWriteWithoutCase('draft')}
        >
          {t('actions.continueDraft')}
        </Button>
      )}
      {canReply && (
        <Button
          size="xs"
          variant="light"
          component={Link}
          to={`${caseMailsPath(mail.workFlow ?? '', mail.caseNumber ?? 0)}&reply=${String(mail.id)}`}
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          data-testid="pane-reply"
        >
          {t('actions.reply')}
        </Button>
      )}
      {mail.direction === 'in' && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconMail size={14} aria-hidden />}
          onClick={onMarkUnread}
          disabled={!mail.isRead}
        >
          {t('actions.markUnread')}
        </Button>
      )}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowsExchange size={14} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            disabled={isQueued}
          >
            {t('actions.move')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onMoveToCase}>{t('actions.moveToCase')}</Menu.Item>
          {mail.caseId !== null && (
            <Menu.Item onClick={onMoveToUnmapped}>{t('actions.moveToUnmapped')}</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Button
        size="xs"
        variant="default"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={onDelete}
        disabled={isQueued}
      >
        {t('actions.delete')}
      </Button>
    </>
  );
}
