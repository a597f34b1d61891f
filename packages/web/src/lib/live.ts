import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TPresencePerson } from '@claimdesk/contracts';
import { LiveSocket, type TLiveCredentials, type TLiveSocketOptions, type TLiveState } from './live-socket';
import { getSession, isSessionValid, onLogout, useSession } from './session';

/** The tab's one live socket, while the authenticated shell is mounted. */
let socket: LiveSocket | null = null;
let unsubscribeSocket: (() => void) | null = null;
const stateListeners = new Set<() => void>();
const emitState = () => stateListeners.forEach((l) => l());

/** A person signed in with a password or a one-time code, with a token still valid. */
const sessionCredentials = (): TLiveCredentials | null => {
  const session = getSession();
  if (!isSessionValid(session) || !session.token || !session.storeName) return null;
  if (session.grantType !== 'password' && session.grantType !== 'otp') return null;
  return { token: session.token, tenantId: session.storeName };
};

/** Who else is on which case, as the last PRESENCE event said. */
const people = new Map<number, TPresencePerson[]>();
const peopleListeners = new Set<() => void>();
const emitPeople = () => peopleListeners.forEach((l) => l());
const NOBODY: TPresencePerson[] = [];

export const setCasePeople = (caseId: number, list: TPresencePerson[]): void => {
  if (list.length === 0) people.delete(caseId);
  else people.set(caseId, list);
  emitPeople();
};

const clearPeople = () => {
  if (people.size === 0) return;
  people.clear();
  emitPeople();
};

/** The screens' presence claims (a case page viewing, a compose writing); the last writing one wins. */
interface TClaim {
  caseId: number;
  state: 'viewing' | 'writing';
}
const claims = new Map<symbol, TClaim>();
const currentClaim = (): TClaim | null => {
  const all = [...claims.values()];
  return all.findLast((c) => c.state === 'writing') ?? all.at(-1) ?? null;
};
let isSyncQueued = false;
/** Leaving one case for another runs both effects in one go: one message says where the person is. */
const syncPresence = () => {
  if (isSyncQueued) return;
  isSyncQueued = true;
  queueMicrotask(() => {
    isSyncQueued = false;
    const claim = currentClaim();
    socket?.setPresence(claim?.caseId ?? null, claim?.state ?? 'viewing');
  });
};

/** Closes the tab's socket; runs on logout too. */
export const stopLive = (): void => {
  unsubscribeSocket?.();
  unsubscribeSocket = null;
  socket?.stop();
  socket = null;
  clearPeople();
  emitState();
};
onLogout(stopLive);

/** Opens the tab's socket (closing one already open); returns its stop. */
export const startLive = (
  options: Omit<TLiveSocketOptions, 'getCredentials'> & Partial<Pick<TLiveSocketOptions, 'getCredentials'>>,
): (() => void) => {
  stopLive();
  const live = new LiveSocket({ getCredentials: sessionCredentials, ...options });
  socket = live;
  unsubscribeSocket = live.subscribe(() => {
    // Who is where is only known while the socket is live; the server tells again after a reconnect.
    if (live.getState() !== 'live') clearPeople();
    emitState();
  });
  const claim = currentClaim();
  if (claim) live.setPresence(claim.caseId, claim.state);
  live.start();
  emitState();
  return () => {
    if (socket === live) stopLive();
  };
};

export const getLiveState = (): TLiveState => socket?.getState() ?? 'idle';

const subscribeState = (listener: () => void) => {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
};

export const useLiveState = (): TLiveState =>
  useSyncExternalStore(subscribeState, getLiveState, getLiveState);

/** Tells the others that this person views (or writes on) the case while the calling screen is shown. */
export const usePresence = (caseId: number | null, state: 'viewing' | 'writing' = 'viewing'): void => {
  useEffect(() => {
    if (caseId === null || !Number.isInteger(caseId) || caseId <= 0) return;
    const key = Symbol('presence');
    claims.set(key, { caseId, state });
    syncPresence();
    return () => {
      claims.delete(key);
      syncPresence();
    };
  }, [caseId, state]);
};

const subscribePeople = (listener: () => void) => {
  peopleListeners.add(listener);
  return () => peopleListeners.delete(listener);
};

/** The other people on a case now (viewing or writing), without the signed-in person. */
export const useCasePresence = (caseId: number): TPresencePerson[] => {
  const { identity } = useSession();
  const getList = () => people.get(caseId) ?? NOBODY;
  const list = useSyncExternalStore(subscribePeople, getList, getList);
  const self = identity?.email.toLowerCase();
  return useMemo(() => list.filter((p) => p.username.toLowerCase() !== self), [list, self]);
};
