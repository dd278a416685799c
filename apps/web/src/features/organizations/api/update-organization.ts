/**
 * PUT /organization/{id}: a new name and plan type, or `disabled: true`, which disables the
 * organization and all its users for good. The list and the organization are reloaded after.
 */
import type { OrganizationUpdateBody, OrganizationView } from '@console/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export function updateOrganization({ id, ...body }: OrganizationUpdateBody & { id: string }) {
  return http<{ organization: OrganizationView; usersDisabled: number }>(`organization/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateOrganization, onSuccess: () => client.invalidateQueries({ queryKey: organizationsKey }) });
}
