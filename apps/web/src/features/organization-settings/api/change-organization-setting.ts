/**
 * PUT organization/{id}/settings/{key}: one setting's new value. The screen shows it at
 * once (optimistic); a refusal puts the previous value back, and the list is read again
 * either way so it shows what the server holds.
 */
import type { OrganizationSettingValue, OrganizationSettingView } from '@console/contracts/organization-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationSettingsKey } from './get-organization-settings';

export interface SettingChange {
  key: string;
  value: OrganizationSettingValue;
}

type Cached = { settings: OrganizationSettingView[] } | undefined;

export function changeOrganizationSetting(organizationId: string, { key, value }: SettingChange) {
  return http<{ setting: OrganizationSettingView }>(
    `organization/${encodeURIComponent(organizationId)}/settings/${encodeURIComponent(key)}`,
    { method: 'PUT', body: { value } },
  );
}

export function useChangeOrganizationSetting(organizationId: string) {
  const client = useQueryClient();
  const queryKey = organizationSettingsKey(organizationId);
  const replace = (data: Cached, setting: Pick<OrganizationSettingView, 'key'> & Partial<OrganizationSettingView>): Cached =>
    data && { settings: data.settings.map((s) => (s.key === setting.key ? { ...s, ...setting } : s)) };

  const mutationKey = ['changeOrganizationSetting', organizationId];
  return useMutation({
    mutationKey,
    mutationFn: (change: SettingChange) => changeOrganizationSetting(organizationId, change),
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
