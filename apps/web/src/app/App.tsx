import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ConfirmModals } from './confirmModals';
import { router } from './router';
import { UserRefresher } from './UserRefresher';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ConfirmModals />
        <Notifications position="top-right" />
        <UserRefresher />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
