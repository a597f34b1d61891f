import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { setNavigator } from '../navigation';
import { createQueryClient } from '../query-client';

/** The providers a screen needs, for component tests (no app theme: behaviour, not looks). */
function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders routes in a memory router; returns the router to inspect. */
export const renderRoutes = (routes: RouteObject[], initialPath: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  setNavigator((to, options) => void router.navigate(to, options));
  const utils = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...utils, router };
};

export const renderWithProviders = (ui: ReactNode) => render(<TestProviders>{ui}</TestProviders>);
