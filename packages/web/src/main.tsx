import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { setupI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

setupI18n();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

// End-to-end tests drive the event buses that later screens will use; only in a test build.
if (import.meta.env.VITE_E2E_HOOKS === 'true') {
  void import('./lib/events').then((events) => {
    Object.assign(window, {
      claimdeskEvents: { draftEvents: events.draftEvents, preferenceEvents: events.preferenceEvents },
    });
  });
}
