import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { RootLayout } from './root-layout';

const errorPage =
  (status: 403 | 404 | 500): RouteObject['lazy'] =>
  async () => {
    const { ErrorRoute } = await import('../features/errors/routes/error-route');
    return { Component: () => <ErrorRoute status={status} /> };
  };

export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    // The first screen's code loads lazily: nothing is drawn until it is there (the loading bar
    // runs meanwhile). Without a fallback, react-router warns on every page load.
    HydrateFallback: () => null,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/routes/login')).LoginRoute }),
      },
      {
        // A mailed link's page (forgot password, invitation): open without a session.
        path: '/login/set-password',
        lazy: async () => ({
          Component: (await import('../features/auth/routes/set-password')).SetPasswordRoute,
        }),
      },
      { path: '/server-error', lazy: errorPage(500) },
      { path: '/access-denied', lazy: errorPage(403) },
      { path: '/not-found', lazy: errorPage(404) },
      {
        path: '/',
        // Not awaited: the shell's code loads meanwhile.
        loader: () => {
          void import('./route-prefetch').then((m) => m.prefetchShell(queryClient));
          return null;
        },
        lazy: async () => ({ Component: (await import('./shell/app-shell')).AppShellLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./shell/home-redirect')).HomeRedirect }),
          },
          {
            path: 'cases/:type/:workFlow/*',
            // Not awaited: the page's code and the shell load meanwhile.
            loader: ({ params }) => {
              void import('./route-prefetch').then((m) =>
                m.prefetchCase(queryClient, params.workFlow, params['*']),
              );
              // A case's own page code, asked for beside the list's rather than after it.
              const rest = params['*'] ?? '';
              if (rest !== '' && !rest.startsWith('new')) void import('./routes/cases/case-page');
              return null;
            },
            // The list's code only: a case's page loads its own (app/routes/cases/cases-pages.tsx).
            lazy: async () => ({ Component: (await import('./shell/cases-gate')).CasesGate }),
          },
          {
            path: 'dashboard',
            // Not awaited: the page's code and the shell load meanwhile. The charts' code is asked
            // for here, not after the prefetch module has loaded.
            loader: () => {
              void import('../features/dashboard/components/charts');
              void import('./route-prefetch').then((m) => m.prefetchDashboard(queryClient));
              return null;
            },
            lazy: async () => ({
              Component: (await import('../features/dashboard/routes/dashboard')).DashboardRoute,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await import('./shell/settings-redirect')).SettingsRedirect }),
          },
          {
            path: 'settings/mail-config',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/mail-config')).MailConfigRoute,
            }),
          },
          {
            path: 'settings/mail-templates',
            lazy: async () => ({
              Component: (await import('../features/mail-templates/routes/mail-templates'))
                .MailTemplatesRoute,
            }),
          },
          {
            path: 'settings/forms-and-lists',
            lazy: async () => ({
              Component: (await import('./shell/forms-and-lists-gate')).FormsAndListsGate,
            }),
          },
          {
            path: 'settings/store-configs',
            lazy: async () => ({
              Component: (await import('../features/store-configs/routes/store-configs')).StoreConfigsRoute,
            }),
          },
          {
            path: 'settings/claim-item-type',
            lazy: async () => ({
              Component: (await import('../features/item-types/routes/item-types')).ItemTypesRoute,
            }),
          },
          {
            path: 'settings/audit-log',
            lazy: async () => ({
              Component: (await import('../features/audit/routes/audit-log')).AuditLogRoute,
            }),
          },
          {
            path: 'settings/privacy',
            lazy: async () => ({
              Component: (await import('../features/privacy/routes/privacy')).PrivacyRoute,
            }),
          },
          {
            path: 'settings/shops',
            lazy: async () => ({
              Component: (await import('../features/shops/routes/shops-settings')).ShopsSettingsRoute,
            }),
          },
          {
            path: 'settings/upgrade-account',
            lazy: async () => ({
              Component: (await import('../features/users/routes/upgrade-account')).UpgradeAccountRoute,
            }),
          },
          {
            path: 'external/:provider/oauth',
            lazy: async () => ({
              Component: (await import('../features/settings/routes/oauth-return')).OAuthReturnRoute,
            }),
          },
          {
            path: 'unmapped-mails/all/:type',
            lazy: async () => ({
              Component: (await import('../features/mail/routes/unmapped-mails')).UnmappedMailsRoute,
            }),
          },
          {
            path: 'messages/:messageSource',
            lazy: async () => ({ Component: (await import('../features/mail/routes/inbox')).InboxRoute }),
          },
          {
            path: 'messages/:messageSource/:searchKey',
            lazy: async () => ({ Component: (await import('../features/mail/routes/inbox')).InboxRoute }),
          },
          {
            path: 'users',
            lazy: async () => ({ Component: (await import('../features/users/routes/users')).UsersRoute }),
          },
          {
            path: 'suppliers',
            lazy: async () => ({
              Component: (await import('../features/suppliers/routes/suppliers')).SuppliersRoute,
            }),
          },
          {
            path: 'suppliers/:id',
            lazy: async () => ({
              Component: (await import('../features/suppliers/routes/supplier-detail')).SupplierDetailRoute,
            }),
          },
          {
            path: 'reports',
            lazy: async () => ({
              Component: (await import('../features/reports/routes/reports')).ReportsRoute,
            }),
          },
          {
            path: 'reports/cost-pdf',
            lazy: async () => ({
              Component: (await import('../features/reports/routes/cost-pdf')).CostPdfRoute,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(appRoutes(queryClient));
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}
