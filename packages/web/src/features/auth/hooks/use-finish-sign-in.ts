import { useNavigate } from 'react-router';
import type { TTokenResponse } from '@claimdesk/contracts';
import { casesPath, postLoginWorkflow, visibleMenu } from '../../../lib/menu-rules';
import { startSession, storeFeatureConfig } from '../../../lib/session';

/** After a token: starts the session, loads the menu and features, and opens the first screen. */
export const useFinishSignIn = () => {
  const navigate = useNavigate();
  return async (token: TTokenResponse) => {
    const identity = startSession(token.access_token, token.store_name);
    if (!identity) return;
    // Loaded after sign-in only, so the configuration schemas stay out of the sign-in page.
    const { loadJsonConfig } = await import('../../../lib/config');
    const [menu, features] = await Promise.all([
      loadJsonConfig('menu', identity.grantType).catch(() => []),
      loadJsonConfig('feature', identity.grantType),
    ]);
    storeFeatureConfig(features);
    void navigate(casesPath(postLoginWorkflow(visibleMenu(menu, features, identity.authorities))), {
      replace: true,
    });
  };
};
