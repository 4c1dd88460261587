import { type QueryClient as Client, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useStore } from '../lib/create-store';
import { antdLocaleStore } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { NotifyBridge } from '../lib/notify';
import { useReducedMotion } from '../lib/use-media-query';
import { LiveSync } from './live-sync';
import { type AppRouter, createAppRouter } from './router';
import { SessionSync } from './session-sync';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // The HTTP client already told the user about a failure; a silent retry would repeat the message.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

/** The app; the entry (main.tsx) hands it the query client it has already asked the site's data with, and the router
 * whose matches told it which page's chunks to start. */
export const App = ({ queryClient: given, router: givenRouter }: { queryClient?: Client; router?: AppRouter }) => {
  const queryClient = useMemo(() => given ?? createQueryClient(), [given]);
  const router = useMemo(() => givenRouter ?? createAppRouter(), [givenRouter]);
  const antdLocale = useStore(antdLocaleStore);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(
    () => ({ zeroRuntime: true, token: { colorPrimary: '#2d8cf0', motion: !reducedMotion } }),
    [reducedMotion],
  );
  useEffect(() => setNavigator((to, opts) => void router.navigate(to, opts)), [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={antdLocale}
        theme={theme}
        // antd would write 登录 as "登 录": keep the texts exactly as the locale files say them.
        button={{ autoInsertSpace: false }}
      >
        <NotifyBridge />
        <SessionSync />
        <LiveSync />
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
};
