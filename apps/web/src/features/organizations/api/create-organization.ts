/**
 * POST /organization: a new organization with its first Organizational Admin; the body is
 * the form plus the console's current locale. The organization list is reloaded after.
 */
import type { OrganizationCreateBody } from '@console/contracts/org-admin';
import type { OrganizationView } from '@console/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export function createOrganization(body: OrganizationCreateBody) {
  return http<{ organization: OrganizationView }>('organization', { method: 'POST', body });
}

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createOrganization, onSuccess: () => client.invalidateQueries({ queryKey: organizationsKey }) });
}
