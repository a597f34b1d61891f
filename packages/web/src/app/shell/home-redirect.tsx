import { Navigate } from 'react-router';
import { casesPath, defaultWorkflow } from '../../lib/menu-rules';
import { useShell } from '../../lib/shell-context';

/** The empty path: the second menu item's workflow (source, section 2). */
export function HomeRedirect() {
  const { menu } = useShell();
  return <Navigate to={casesPath(defaultWorkflow(menu))} replace />;
}
