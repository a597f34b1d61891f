import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { LOADING_BAR_TICK_MS } from '../lib/loading-bar';
import { onFirstToast } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Mounts the toasts (and loads their code) when the first toast is shown. They rise from the
 * bottom right: at the top they covered the page header's action buttons (issue 27).
 */
function ToastHost() {
  const [isNeeded, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" limit={4} />
    </Suspense>
  );
}

/** The colour scheme chosen on this browser ('light', 'dark' or 'auto'); the signed-in user's preference overrides it. */
export const COLOR_SCHEME_STORAGE_KEY = 'cd.color-scheme';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <NavigationProgress color="orange" stepInterval={LOADING_BAR_TICK_MS} size={3} aria-hidden />
      <ToastHost />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
