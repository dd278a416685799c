/**
 * POST organization/{id}/managers: makes a person a manager (Organizational Admin) of the
 * organization; a new e-mail is invited. Answers `{ pendingInvitation, invitationEmail, manager }`.
 */
import type { ManagerCreateBody, ManagerView } from '@console/contracts/org-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export interface ManagerCreated {
  pendingInvitation: boolean;
  invitationEmail: 'sent' | 'failed' | 'none';
  manager: ManagerView;
}

export function createManager({ organizationId, ...body }: ManagerCreateBody & { organizationId: string }) {
  return http<ManagerCreated>(`organization/${encodeURIComponent(organizationId)}/managers`, { method: 'POST', body });
}

export function useCreateManager() {
  const client = useQueryClient();
  // The organization's admins and its managers both change.
  return useMutation({ mutationFn: createManager, onSuccess: () => client.invalidateQueries({ queryKey: organizationsKey }) });
}
