import { createContext, useContext } from 'react';
import type {
  TFeatureConfig,
  TMenuConfig,
  TPreference,
  TStoreSettingResponse,
  TUser,
} from '@claimdesk/contracts';
import type { TGrantType } from './session';

/** The signed-in user as the shell knows it; one-time-code users get a placeholder (source, section 3). */
export type TCurrentUser = Pick<TUser, 'username' | 'firstName' | 'lastName' | 'roles' | 'profilePicUrl'> & {
  id: number | null;
  password?: 'otp';
};

/** What the authenticated shell has loaded, for the screens inside it. */
export interface TShellContext {
  grantType: TGrantType;
  features: TFeatureConfig;
  /** The menu configuration as this user sees it. */
  menu: TMenuConfig;
  settings: TStoreSettingResponse | null;
  preference: TPreference;
  currentUser: TCurrentUser | null;
}

export const ShellContext = createContext<TShellContext | null>(null);

export const useShell = (): TShellContext => {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside the authenticated shell');
  return value;
};
