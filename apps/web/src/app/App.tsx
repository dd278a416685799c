import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { Providers } from './Providers';
import { buildRoutes } from './routes';

const router = createBrowserRouter(buildRoutes());

export function App() {
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
