import { Navigate } from 'react-router';
import { canOpen, SETTINGS_PATHS } from '../../lib/menu-rules';
import { useSession } from '../../lib/session';

/** /settings: the first settings entry this user may open, as the menu lists them. */
export function SettingsRedirect() {
  const { identity } = useSession();
  const first = identity && SETTINGS_PATHS.find(([screen]) => canOpen(screen, identity));
  return <Navigate to={first ? first[1] : '/access-denied'} replace />;
}
