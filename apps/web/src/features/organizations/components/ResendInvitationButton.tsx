/**
 * "Resend invitation" for a manager whose invitation is pending or expired (staff with
 * `update`): a new 14-day invitation replaces the old one. Disabled while sending (which drops
 * the keyboard's focus: it comes back once the send has settled); the outcome is a green or red notice.
 */
import type { ManagerView } from '@console/contracts/organizations';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFocusReturnOnClose } from '../../../lib/dialogs/focus';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useResendManagerInvitation } from '../api/managers';

export function ResendInvitationButton({ manager: m }: { manager: ManagerView }) {
  const { t } = useT();
  const resend = useResendManagerInvitation();
  const button = useRef<HTMLButtonElement>(null);
  useFocusReturnOnClose(resend.isPending, button);
  if (m.invitationState !== 'pending' && m.invitationState !== 'expired') return null;
  return (
    <Button
      ref={button}
      size="small"
      startIcon={<ForwardToInboxIcon />}
      loading={resend.isPending}
      disabled={resend.isPending}
      aria-label={t('organizations:managers.resendFor', { name: m.displayName })}
      onClick={() =>
        resend.mutate(
          { organizationId: m.organizationId, managerId: m.id },
          {
            onSuccess: ({ invitationEmail, manager }) =>
              invitationEmail === 'sent'
                ? notify.success(t('organizations:managers.resent', { email: manager.email }))
                : notify.error(t('organizations:managers.resendFailed', { name: manager.displayName })),
            onError: (err) => notify.error(errorMessage(err, 'organizations:errors.resendInvitation')),
          },
        )
      }
    >
      {t('organizations:managers.resend')}
    </Button>
  );
}
