import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconClock, IconSend } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preferenceEvents } from '../../../../lib/events';
import { intlLocale } from '../../../../lib/i18n';
import { ShellContext } from '../../../../lib/shell-context';

/** How long a sent mail waits for its Undo when the person has not chosen (issue 22: 10 s). */
export const DEFAULT_UNDO_SECONDS = 10;
export const UNDO_CHOICES = [0, 5, 10, 20, 30] as const;
const PREFERENCE_KEY = 'undoSendSeconds';

/** The person's undo window from their preferences (0 to 30 s), else the default. */
export const useUndoSeconds = (): number => {
  const value = useContext(ShellContext)?.preference[PREFERENCE_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 30
    ? value
    : DEFAULT_UNDO_SECONDS;
};

/** A `datetime-local` value for a moment, in the browser's time zone. */
const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** Tomorrow at 08:00, and the next Monday at 08:00: the usual "first thing" times. */
const presets = (now = new Date()) => {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 0);
  const monday = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + ((8 - now.getDay()) % 7 || 7),
    8,
    0,
  );
  return { tomorrow, monday };
};

interface Props {
  onSend: () => void;
  onSendLater: (sendAt: string) => void;
  isSending: boolean;
  undoSeconds: number;
}

/** Send, and beside it: send later at a chosen time, and the person's undo window. */
export function SendOptions({ onSend, onSendLater, isSending, undoSeconds }: Props) {
  const { t, i18n } = useTranslation('compose');
  const [isLaterOpen, setLaterOpen] = useState(false);
  const [when, setWhen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { tomorrow, monday } = presets();
  const format = (date: Date) =>
    // The app's locale for the language (English as in Europe), as every other date on screen.
    new Intl.DateTimeFormat(intlLocale(i18n.language), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);

  const scheduleAt = (date: Date) => {
    if (Number.isNaN(date.getTime()) || date.getTime() <= Date.now() + 60_000) {
      setError(t('later.inFuture'));
      return;
    }
    setLaterOpen(false);
    onSendLater(date.toISOString());
  };

  return (
    <Group gap={0} wrap="nowrap">
      <Button
        leftSection={<IconSend size={16} aria-hidden />}
        onClick={onSend}
        loading={isSending}
        title={t('actions.sendHint')}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {t('actions.send')}
      </Button>
      <Menu position="top-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            size={36}
            variant="filled"
            aria-label={t('later.more')}
            disabled={isSending}
            style={{
              borderTopLeftRadius: 0,
              borderBottomLeftRadius: 0,
              borderLeft: '1px solid rgba(255,255,255,0.4)',
            }}
          >
            <IconChevronDown size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconClock size={16} aria-hidden />} onClick={() => setLaterOpen(true)}>
            {t('later.open')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('undo.label')}</Menu.Label>
          {UNDO_CHOICES.map((seconds) => (
            <Menu.Item
              key={seconds}
              onClick={() =>
                preferenceEvents.emit('PREFERENCE_CHANGED', { key: PREFERENCE_KEY, value: seconds })
              }
              rightSection={seconds === undoSeconds ? '✓' : undefined}
            >
              {seconds === 0 ? t('undo.none') : t('undo.seconds', { count: seconds })}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={isLaterOpen} onClose={() => setLaterOpen(false)} title={t('later.title')} centered>
        <Stack>
          <Button variant="light" onClick={() => scheduleAt(tomorrow)}>
            {t('later.tomorrow', { time: format(tomorrow) })}
          </Button>
          <Button variant="light" onClick={() => scheduleAt(monday)}>
            {t('later.monday', { time: format(monday) })}
          </Button>
          <TextInput
            type="datetime-local"
            label={t('later.pick')}
            value={when}
            min={localInput(new Date())}
            onChange={(e) => {
              setWhen(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Text size="xs" c="dimmed">
            {t('later.note')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={() => scheduleAt(new Date(when))} disabled={!when}>
              {t('later.schedule')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
