import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavigationProgress } from '@/components/ui/page-loader';

/** Root of every page: the navigation progress bar while a lazy page loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <NavigationProgress />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
