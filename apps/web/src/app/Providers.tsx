/** Everything a page may use: theme, queries, notifications, the wait overlay, confirmations. */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmProvider } from '../lib/dialogs/confirm';
import { NotificationsProvider } from '../lib/notify';
import { WaitOverlayProvider } from '../lib/wait-overlay';
import { theme } from './theme';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <WaitOverlayProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </WaitOverlayProvider>
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
