/**
 * The settings of an organization, defaults included, and the change of one. A change is
 * shown at once (optimistic); a refusal puts the previous value back, and the list is read
 * again either way so it shows what the server holds.
 */
import {
  type OrganizationSettingValue,
  type OrganizationSettingView,
  organizationRoutes as routes,
} from '@console/contracts/organizations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const organizationSettingKeys = {
  all: ['organizationSettings'] as const,
  list: (organizationId: string) => [...organizationSettingKeys.all, organizationId] as const,
};

/** The one read of the list: the settings, and whether "SSO login only" may be turned on. */
const settingsListQuery = (id: string) =>
  queryOptions({
    queryKey: organizationSettingKeys.list(id),
    queryFn: ({ signal }) => api(routes.listSettings, { params: { id } }, { signal }),
  });

export function useOrganizationSettings(id: string) {
  return useQuery({ ...settingsListQuery(id), select: (data) => data.settings });
}

/**
 * Whether "SSO login only" may be turned on: the organization has an enabled single sign-on
 * connection that someone has signed in through (undefined while the list is read).
 */
export function useSsoLoginOnlyAvailable(id: string): boolean | undefined {
  return useQuery({ ...settingsListQuery(id), select: (data) => data.ssoLoginOnlyAvailable }).data;
}

export interface SettingChange {
  key: string;
  value: OrganizationSettingValue;
}

type Cached = { settings: OrganizationSettingView[]; ssoLoginOnlyAvailable: boolean } | undefined;

export function useChangeOrganizationSetting(organizationId: string) {
  const client = useQueryClient();
  const queryKey = organizationSettingKeys.list(organizationId);
  const replace = (data: Cached, setting: Pick<OrganizationSettingView, 'key'> & Partial<OrganizationSettingView>): Cached =>
    data && { ...data, settings: data.settings.map((s) => (s.key === setting.key ? { ...s, ...setting } : s)) };

  const mutationKey = ['changeOrganizationSetting', organizationId];
  return useMutation({
    mutationKey,
    mutationFn: ({ key, value }: SettingChange) => api(routes.changeSetting, { params: { id: organizationId, key }, body: { value } }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData<Cached>(queryKey)?.settings.find((s) => s.key === change.key);
      client.setQueryData<Cached>(queryKey, (data) => replace(data, change));
      return { previous };
    },
    onError: (_err, _change, context) => {
      if (context?.previous) client.setQueryData<Cached>(queryKey, (data) => replace(data, context.previous!));
    },
    onSuccess: ({ setting }) => client.setQueryData<Cached>(queryKey, (data) => replace(data, setting)),
    // Read again once the last change in flight ends (an earlier read would undo a later optimistic value).
    onSettled: () => (client.isMutating({ mutationKey }) === 1 ? client.invalidateQueries({ queryKey }) : undefined),
  });
}
