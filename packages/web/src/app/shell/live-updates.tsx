import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_CLOSE } from '@claimdesk/contracts';
import { onUnauthorized } from '../../lib/http';
import { startLive } from '../../lib/live';
import type { TLiveSocketOptions } from '../../lib/live-socket';
import { useSession } from '../../lib/session';
import { onLiveEvent, onLiveReady } from './live-events';

/**
 * A refused token (4401) or one that ran out (4410) takes the HTTP layer's 401 path: sign in
 * again. A refused store or person (4403) only goes without live updates: signing out would not
 * change the answer and would lock the person out of the app.
 */
const onSignInAgain = (code: number) => {
  if (code === LIVE_CLOSE.UNAUTHENTICATED || code === LIVE_CLOSE.TOKEN_EXPIRED) onUnauthorized();
};

/** Keeps the tab's live socket open while the shell is shown, and turns its events into refetches. */
export function LiveUpdates({ createSocket }: { createSocket?: TLiveSocketOptions['createSocket'] }) {
  const client = useQueryClient();
  const { token, storeName } = useSession();
  useEffect(() => {
    if (!token || !storeName) return;
    return startLive({
      onEvent: (message) => onLiveEvent(client, message),
      onReady: ({ isReconnect }) => onLiveReady(client, isReconnect),
      onSignInAgain,
      ...(createSocket ? { createSocket } : {}),
    });
  }, [client, token, storeName, createSocket]);
  return null;
}
