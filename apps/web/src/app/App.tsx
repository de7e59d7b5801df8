import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// react-router/dom's provider honours navigate's flushSync (Log Out needs it; see useLogout).
import { RouterProvider } from 'react-router/dom';
import { ConfirmModals } from './confirmModals';
import { LazyNotifications } from './LazyNotifications';
import { router } from './router';
import { theme } from './theme';
import { UserRefresher } from './UserRefresher';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ConfirmModals />
        <LazyNotifications />
        <UserRefresher />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
