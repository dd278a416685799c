import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Retry only what may pass the second time: the server or the network failing.
        retry: (count, err) => count < 2 && (!isHttpError(err) || err.statusCode >= 500),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client; loaders use it outside React. */
export const queryClient = createQueryClient();
