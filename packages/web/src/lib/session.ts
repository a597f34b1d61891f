import { useSyncExternalStore } from 'react';
import type { TFeatureConfig } from '@claimdesk/contracts';
import { decodeAccessToken } from './jwt';
import { readStored, writeStored } from './storage';

export type TGrantType = 'password' | 'otp';

/** Who is signed in, as read from the access token (source, section 3). */
export interface TIdentity {
  email: string;
  tenantId: string;
  /** exp of the token, in milliseconds. */
  expiry: number;
  authorities: string[];
  grantType: TGrantType;
  company: string;
}

export interface TSession {
  token: string | null;
  storeName: string | null;
  grantType: TGrantType | null;
  identity: TIdentity | null;
}

const identityFromToken = (token: string): TIdentity | null => {
  const claims = decodeAccessToken(token);
  if (!claims) return null;
  return {
    email: claims.user_name,
    tenantId: claims.store_name,
    expiry: claims.exp * 1000,
    authorities: claims.authorities,
    grantType: claims.grant_type,
    company: claims.company,
  };
};

const load = (): TSession => {
  const token = readStored('token');
  const grant = readStored('grantType');
  return {
    token,
    storeName: readStored('storeName'),
    grantType: grant === 'password' || grant === 'otp' ? grant : null,
    identity: token ? identityFromToken(token) : null,
  };
};

let state: TSession = load();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const getSession = (): TSession => state;

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = (): TSession => useSyncExternalStore(subscribeSession, getSession, getSession);

/** Stores a freshly issued token; returns the identity read from it (null for an unreadable token). */
export const startSession = (token: string, storeName: string): TIdentity | null => {
  const identity = identityFromToken(token);
  if (!identity) return null;
  writeStored('token', token);
  writeStored('storeName', storeName);
  writeStored('grantType', identity.grantType);
  writeStored('identity', JSON.stringify(identity));
  state = { token, storeName, grantType: identity.grantType, identity };
  emit();
  return identity;
};

/** Valid only while the identity exists and its expiry lies in the future (source, section 4). */
export const isSessionValid = (session: TSession = state, now = Date.now()): boolean =>
  session.token !== null && session.identity !== null && session.identity.expiry > now;

const logoutListeners = new Set<() => void>();
export const onLogout = (listener: () => void): (() => void) => {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
};

/** Clears the token, store name, grant type, identity, feature configuration and push token. */
export const logout = (): void => {
  for (const key of ['token', 'storeName', 'grantType', 'identity', 'featureConfig', 'pushToken'] as const) {
    writeStored(key, null);
  }
  state = { token: null, storeName: null, grantType: null, identity: null };
  logoutListeners.forEach((l) => l());
  emit();
};

export const storeFeatureConfig = (features: TFeatureConfig): void =>
  writeStored('featureConfig', JSON.stringify(features));
