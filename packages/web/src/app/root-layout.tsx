import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { beginLoading } from '../lib/loading-bar';

/** Runs the loading bar for every router navigation (source, section 4). */
function NavigationLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  const isBusy = navigation.state !== 'idle';
  useEffect(() => (isBusy ? beginLoading() : undefined), [isBusy]);
  useEffect(() => {
    const end = beginLoading();
    const timer = setTimeout(end, 150);
    return () => {
      clearTimeout(timer);
      end();
    };
  }, [location.key]);
  return null;
}

export function PageLoader() {
  return (
    <Center h="60vh" aria-busy="true">
      <Loader type="dots" />
    </Center>
  );
}

export function RootLayout() {
  return (
    <>
      <NavigationLoading />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
