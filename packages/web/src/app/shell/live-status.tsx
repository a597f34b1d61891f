import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveState } from '../../lib/live';
import type { TLiveState } from '../../lib/live-socket';

/** How long the socket may be down before the mark shows: a reconnect usually takes less. */
export const OFFLINE_MARK_DELAY_MS = 2000;

const subscribeNetwork = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const isBrowserOnline = () => navigator.onLine;

/** True while the browser has no network, or the live socket has been down for a moment. */
export const useIsOffline = (state: TLiveState): boolean => {
  const isOnline = useSyncExternalStore(subscribeNetwork, isBrowserOnline, () => true);
  const isDown = state === 'connecting' || state === 'offline';
  const [isLate, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!isDown) return;
    const timer = setTimeout(() => setLate(true), OFFLINE_MARK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isDown]);
  return !isOnline || (isDown && isLate);
};

/**
 * The offline mark beside the profile: counts and lists do not follow other people's changes
 * until it goes. The status region is always there, so that screen readers announce the change.
 */
export function LiveStatus({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('common');
  const state = useLiveState();
  const isOffline = useIsOffline(state);
  const label = t('live.offline');
  const mark = collapsed ? (
    <Tooltip label={`${label} ${t('live.offlineHint')}`} position="right" withArrow multiline w={220}>
      <Badge color="red" variant="light" size="lg" circle data-testid="offline-mark">
        <IconWifiOff size={14} aria-hidden />
        <VisuallyHidden>{label}</VisuallyHidden>
      </Badge>
    </Tooltip>
  ) : (
    <Badge
      color="red"
      variant="light"
      tt="none"
      leftSection={<IconWifiOff size={14} aria-hidden />}
      title={t('live.offlineHint')}
      data-testid="offline-mark"
    >
      {label}
    </Badge>
  );
  // The socket's state as an attribute: tests wait for "live" before they count on its events.
  return (
    <div role="status" data-testid="live-status" data-state={state}>
      {isOffline && mark}
    </div>
  );
}
