import { Badge, Button, Group, Menu, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconMail, IconPencilPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ZMailLogType, type TMailLog, type TMailLogType } from '@claimdesk/contracts';
import { EmptyState } from '../../../../components/ui/empty-state';
import { useCaseMails } from '../../api/list-case-mails';
import { onMailsChanged } from '../../api/list-mails';
import { useSentUndo } from '../compose/use-sent-undo';
import { useMarkReadStatus } from '../../api/mark-read-status';
import { answerSendType, type TComposeOpen } from '../compose/compose-target';
import { ShortcutsModal } from '../keyboard/shortcuts-modal';
import { useListKeys, type TListKey } from '../keyboard/use-list-keys';
import { MailGallery } from './mail-gallery';
import { ThreadError } from './thread-error';
import { ThreadMailItem } from './thread-mail-item';
import { useIsShown } from './use-is-shown';

// The compose (and its editor) loads when someone starts writing.
const ComposeForm = lazy(() => import('../compose/compose-form').then((m) => ({ default: m.ComposeForm })));

const THREAD_KEYS: TListKey[] = ['reply', 'replyAll', 'forward', 'compose', 'help'];

type TOnCompose = (mode: 'reply' | 'replyAll' | 'forward' | 'draft', mail: TMailLog) => void;

const TYPES = ZMailLogType.options;

const isUnread = (mail: TMailLog) => mail.direction === 'in' && !mail.isRead;

/** The tab to open on: the first with unread mail, else the newest mail's, else customer. */
const firstTab = (mails: TMailLog[]): TMailLogType =>
  mails.find(isUnread)?.mailLogType ?? mails.at(-1)?.mailLogType ?? 'customer';

/** A conversation longer than this shows its first mail, its newest ones and those unread; the rest fold. */
export const FOLD_OVER = 12;
const NEWEST_SHOWN = 8;

type TThreadPart = { kind: 'mail'; mail: TMailLog } | { kind: 'fold'; mails: TMailLog[] };

/** The conversation as shown: each run of older read mails in a long one becomes one fold. */
const partsOf = (mails: TMailLog[], unfolded: ReadonlySet<number>): TThreadPart[] => {
  const isShown = (mail: TMailLog, index: number) =>
    mails.length <= FOLD_OVER || index === 0 || index >= mails.length - NEWEST_SHOWN || unfolded.has(mail.id);
  const parts: TThreadPart[] = [];
  mails.forEach((mail, index) => {
    if (isShown(mail, index)) return parts.push({ kind: 'mail', mail });
    const last = parts.at(-1);
    if (last?.kind === 'fold') last.mails.push(mail);
    else parts.push({ kind: 'fold', mails: [mail] });
    return parts.length;
  });
  return parts;
};

function Conversation({
  mails,
  onSeen,
  onCompose,
}: {
  mails: TMailLog[];
  onSeen: (mail: TMailLog) => void;
  onCompose?: TOnCompose;
}) {
  const { t } = useTranslation('mail');
  // Never folded: the mails unread when the conversation opened (they stay once marked read), and
  // the folded runs that the person opened.
  const [unfolded, setUnfolded] = useState<ReadonlySet<number>>(
    () => new Set(mails.filter(isUnread).map((m) => m.id)),
  );
  const parts = useMemo(() => partsOf(mails, unfolded), [mails, unfolded]);
  // Open at first: the newest mail and every unread one; the rest fold to a line.
  const [expanded, setExpanded] = useState(
    () =>
      new Set(mails.filter((mail, index) => index === mails.length - 1 || isUnread(mail)).map((m) => m.id)),
  );
  const listRef = useRef<HTMLDivElement>(null);
  const isShown = useIsShown(listRef);
  const hasScrolled = useRef(false);
  useEffect(() => {
    if (!isShown || hasScrolled.current) return;
    hasScrolled.current = true;
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'start' });
  }, [isShown]);
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (mails.length === 0)
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        {t('thread.emptyType')}
      </Text>
    );
  return (
    <Stack gap="xs" ref={listRef} data-testid="thread-list">
      {parts.map((part) =>
        part.kind === 'mail' ? (
          <ThreadMailItem
            key={part.mail.id}
            mail={part.mail}
            isExpanded={expanded.has(part.mail.id)}
            onToggle={() => toggle(part.mail.id)}
            onSeen={onSeen}
            onCompose={onCompose}
          />
        ) : (
          <Button
            key={`fold-${String(part.mails[0]?.id)}`}
            variant="light"
            color="gray"
            fullWidth
            data-testid="thread-fold"
            onClick={() => setUnfolded((current) => new Set([...current, ...part.mails.map((m) => m.id)]))}
          >
            {t('thread.folded', { count: part.mails.length })}
          </Button>
        ),
      )}
    </Stack>
  );
}

/**
 * The case's mail tab: a tab per conversation (customer, supplier, internal) with its unread
 * count, each oldest to newest and opened at the newest. Unread mails that are shown are marked
 * read, and the menu's and the case list's badges follow.
 */
export function CaseMailThread({ caseId, workFlow }: { caseId: number; workFlow?: string }) {
  const { t } = useTranslation('mail');
  const { t: tc } = useTranslation('compose');
  const query = useCaseMails(caseId);
  const client = useQueryClient();
  // The compose open on this case, and a key that makes a new one for each opening.
  const [composing, setComposing] = useState<{ key: number; open: TComposeOpen } | null>(null);
  const startCompose = useCallback(
    (open: TComposeOpen) => setComposing((c) => ({ key: (c?.key ?? 0) + 1, open })),
    [],
  );
  const composeOn = useCallback<TOnCompose>(
    (mode, mail) =>
      startCompose(
        mode === 'draft'
          ? {
              mode,
              sendType: answerSendType(mail),
              mailLogId: null,
              draft: mail,
            }
          : {
              mode,
              sendType: mode === 'forward' ? 'forward' : answerSendType(mail),
              mailLogId: mail.id,
            },
      ),
    [startCompose],
  );
  // Without its workflow the thread is read-only (nobody writes there).
  const onCompose: TOnCompose | undefined = workFlow ? composeOn : undefined;
  const sent = useSentUndo((draft) =>
    startCompose({ mode: 'draft', sendType: answerSendType(draft), mailLogId: null, draft }),
  );
  const onSent = (mail: TMailLog) => {
    setComposing(null);
    sent.announce(mail);
  };
  // r, a, f answer the newest mail of the open conversation (not a draft); c writes to the customer.
  const [isHelpOpen, setHelpOpen] = useState(false);
  const newestOfTab = (): TMailLog | undefined =>
    (query.data ?? []).filter((m) => m.mailLogType === (tab ?? 'customer') && m.sendState !== 'draft').at(-1);
  const answerNewest = (mode: 'reply' | 'replyAll' | 'forward') => {
    const mail = newestOfTab();
    if (mail && onCompose && (mode === 'forward' || mail.mailLogType !== 'internal')) onCompose(mode, mail);
  };
  // ?reply={mailId} (the inbox's Reply): the thread opens with that mail's reply being written.
  const [searchParams, setSearchParams] = useSearchParams();
  const replyTo = Number(searchParams.get('reply'));
  useEffect(() => {
    const mail = query.data?.find((m) => m.id === replyTo);
    if (!mail || !onCompose) return;
    onCompose('reply', mail);
    setTab(mail.mailLogType);
    setSearchParams(
      (params) => {
        params.delete('reply');
        return params;
      },
      { replace: true },
    );
  }, [query.data, replyTo, onCompose, setSearchParams]);
  useListKeys(
    {
      reply: () => answerNewest('reply'),
      replyAll: () => answerNewest('replyAll'),
      forward: () => answerNewest('forward'),
      compose: () => startCompose({ mode: 'new', sendType: 'customer', mailLogId: null }),
      help: () => setHelpOpen(true),
    },
    Boolean(workFlow) && composing === null,
  );
  const newMailMenu = workFlow ? (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="light" leftSection={<IconPencilPlus size={16} aria-hidden />}>
          {tc('actions.new')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => startCompose({ mode: 'new', sendType: 'customer', mailLogId: null })}>
          {tc('actions.newToCustomer')}
        </Menu.Item>
        <Menu.Item onClick={() => startCompose({ mode: 'new', sendType: 'supplier', mailLogId: null })}>
          {tc('actions.newToSupplier')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  ) : null;
  const compose =
    composing && workFlow ? (
      <Suspense fallback={<Skeleton height={240} />}>
        <ComposeForm
          key={composing.key}
          workFlow={workFlow}
          caseId={caseId}
          open={composing.open}
          mails={query.data ?? []}
          onClose={() => {
            setComposing(null);
            onMailsChanged(client);
          }}
          onSent={onSent}
        />
      </Suspense>
    ) : null;
  const [tab, setTab] = useState<TMailLogType | null>(null);
  const markRead = useMarkReadStatus();
  const requested = useRef(new Set<number>());
  const { mutate } = markRead;
  const onSeen = useCallback(
    (mail: TMailLog) => {
      if (requested.current.has(mail.id)) return;
      requested.current.add(mail.id);
      mutate({ id: mail.id, isRead: true }, { onError: () => requested.current.delete(mail.id) });
    },
    [mutate],
  );
  const byType = useMemo(() => {
    const mails = query.data ?? [];
    return Object.fromEntries(
      TYPES.map((type) => [type, mails.filter((mail) => mail.mailLogType === type)]),
    ) as Record<TMailLogType, TMailLog[]>;
  }, [query.data]);

  // The tab opened first stays put when its mails are marked read.
  const initialTab = query.data && query.data.length > 0 ? firstTab(query.data) : null;
  useEffect(() => {
    if (initialTab) setTab((current) => current ?? initialTab);
  }, [initialTab]);

  if (query.isError) return <ThreadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="xs" data-testid="thread-loading">
        <Skeleton height={36} width={320} />
        <Skeleton height={48} />
        <Skeleton height={220} />
      </Stack>
    );
  if (query.data.length === 0)
    return (
      <Stack>
        <EmptyState
          icon={<IconMail size={32} />}
          title={t('thread.emptyTitle')}
          description={t('thread.empty')}
          action={newMailMenu}
        />
        {compose}
        {sent.element}
      </Stack>
    );

  const active = tab ?? firstTab(query.data);
  return (
    <Tabs value={active} onChange={(value) => value && setTab(value as TMailLogType)} variant="pills">
      <Group justify="space-between" mb="sm" gap="xs">
        <Tabs.List>
          {TYPES.map((type) => {
            const unread = byType[type].filter(isUnread).length;
            return (
              <Tabs.Tab
                key={type}
                value={type}
                rightSection={
                  unread > 0 ? (
                    <Badge
                      size="xs"
                      circle={unread < 10}
                      color="blue"
                      aria-label={t('thread.unread', { count: unread })}
                    >
                      {unread}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`thread.tabs.${type}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Group gap="xs">
          <MailGallery mails={query.data} />
          {newMailMenu}
        </Group>
      </Group>
      {TYPES.map((type) => (
        <Tabs.Panel key={type} value={type}>
          {active === type && <Conversation mails={byType[type]} onSeen={onSeen} onCompose={onCompose} />}
        </Tabs.Panel>
      ))}
      {compose && <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{compose}</div>}
      {sent.element}
      <ShortcutsModal opened={isHelpOpen} onClose={() => setHelpOpen(false)} keys={THREAD_KEYS} />
    </Tabs>
  );
}
