/**
 * POST organization/{id}/managers/{managerId}/invitation: e-mails a manager a new invitation
 * (pending or expired ones only); the old link stops working. Answers `{ invitationEmail, manager }`.
 */
import type { ManagerInvitationResponse } from '@console/contracts/org-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { organizationsKey } from './list-organizations';

export function resendManagerInvitation({ organizationId, managerId }: { organizationId: string; managerId: string }) {
  return http<ManagerInvitationResponse>(
    `organization/${encodeURIComponent(organizationId)}/managers/${encodeURIComponent(managerId)}/invitation`,
    { method: 'POST' },
  );
}

export function useResendManagerInvitation() {
  const client = useQueryClient();
  // The manager's invitation state and date change.
  return useMutation({ mutationFn: resendManagerInvitation, onSuccess: () => client.invalidateQueries({ queryKey: organizationsKey }) });
}
