import { useEffect, useReducer, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { canOpen, screenAt } from '../../lib/menu-rules';
import { isSessionValid, logout, useSession } from '../../lib/session';

/** setTimeout takes at most a 32-bit delay. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * The shell requires a valid session: an identity whose expiry lies in the future. Checked on
 * every navigation and when the expiry passes; otherwise logout and go to /login. A screen whose
 * menu entry this user does not see (menu-rules' ACCESS_RULES) goes to /access-denied.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const expiry = session.identity?.expiry ?? null;

  useEffect(() => {
    if (expiry === null) return;
    const delay = expiry - Date.now();
    if (delay <= 0) return;
    const timer = setTimeout(recheck, Math.min(delay + 50, MAX_DELAY));
    return () => clearTimeout(timer);
  }, [expiry]);

  const isValid = isSessionValid(session);
  useEffect(() => {
    if (!isValid && session.token !== null) logout();
  }, [isValid, session.token]);

  if (!isValid) return <Navigate to="/login" replace />;
  const screen = screenAt(pathname);
  if (screen && session.identity && !canOpen(screen, session.identity))
    return <Navigate to="/access-denied" replace />;
  return <>{children}</>;
}
