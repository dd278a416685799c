/** GET /app-config: public facts the app needs before anyone signs in. */
import type { PublicAppConfig } from '@console/contracts/app-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';

export const DEFAULT_PRODUCT_NAME = 'Workframe';

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: ({ signal }) => http<PublicAppConfig>('app-config', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig(): PublicAppConfig {
  const { data } = useQuery(appConfigQuery);
  return data ?? { productName: DEFAULT_PRODUCT_NAME, ssoProviders: [] };
}
