/** GET /app-config: public facts the app needs before anyone signs in. */
import type { PublicAppConfig } from '@console/contracts/app-config';
import { firstPageRoutes } from '@console/contracts/auth-constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export const DEFAULT_PRODUCT_NAME = 'Workframe';

export const appConfigKeys = { all: ['app-config'] as const };

export const appConfigQuery = queryOptions({
  queryKey: appConfigKeys.all,
  queryFn: ({ signal }) => api(firstPageRoutes.appConfig, {}, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAppConfig(): PublicAppConfig {
  const { data } = useQuery(appConfigQuery);
  return data ?? { productName: DEFAULT_PRODUCT_NAME, ssoProviders: [], platformAppUrl: null };
}
