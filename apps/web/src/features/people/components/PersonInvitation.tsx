/**
 * Where a person's invitation stands (not sent, queued, sent, expired, accepted) with its dates,
 * and "Send invitation" / "Resend invitation" when the server says one may be sent now
 * (`canResend`); otherwise why not, in words. The server decides and enforces; a refusal it
 * answers anyway (another admin was quicker) is said in the same words. The button is disabled
 * while it sends, which drops the keyboard's focus: it gets the focus back once the send has settled.
 */
import {
  type PersonInvitation as Invitation,
  type InvitationRefusal,
  invitationRefusals,
  type PersonView,
  peopleErrorCodes,
} from '@console/contracts/people';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFocusReturnOnClose } from '../../../lib/dialogs/focus';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { isHttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useResendInvitation } from '../api/people';

// Outlined colours other than green and red miss WCAG's contrast (as the status chip's).
const stateColor = { accepted: 'success', expired: 'error', not_sent: 'default', queued: 'default', sent: 'default' } as const;

/** The refusal a 409 names, when it is one the page can say. */
function refusalOf(err: unknown): InvitationRefusal | undefined {
  if (!isHttpError(err) || err.code !== peopleErrorCodes.invitationNotResendable) return undefined;
  const reason = (err.details as { reason?: unknown } | undefined)?.reason;
  return invitationRefusals.find((r) => r === reason);
}

function explanation(t: ReturnType<typeof useT>['t'], inv: Invitation): string {
  const at = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  if (inv.state === 'sent') return t('people:invitation.explain.sent', { sentAt: at(inv.sentAt), expiresAt: at(inv.expiresAt) });
  if (inv.state === 'expired') return t('people:invitation.explain.expired', { expiresAt: at(inv.expiresAt) });
  if (inv.state === 'accepted')
    return inv.acceptedAt
      ? t('people:invitation.explain.acceptedOn', { acceptedAt: at(inv.acceptedAt) })
      : t('people:invitation.explain.accepted');
  return t(`people:invitation.explain.${inv.state}`);
}

export function PersonInvitation({ person: p }: { person: PersonView }) {
  const { t } = useT();
  const resend = useResendInvitation(p.id);
  const inv = p.invitation;
  const sendButton = useRef<HTMLButtonElement>(null);
  useFocusReturnOnClose(resend.isPending, sendButton);
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ invitationEmail }) =>
        invitationEmail === 'sent'
          ? notify.success(t('people:invitation.sentNotice', { email: p.email }))
          : notify.error(t('people:invitation.failedNotice')),
      onError: (err) => {
        const refusal = refusalOf(err);
        notify.error(refusal ? t(`people:invitation.refusals.${refusal}`) : errorMessage(err, 'people:errors.resendInvitation'));
      },
    });
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="person-invitation">
      <Chip
        size="small"
        variant="outlined"
        color={stateColor[inv.state]}
        label={t(`people:invitation.state.${inv.state}`)}
        data-state={inv.state}
      />
      <Typography>{explanation(t, inv)}</Typography>
      {inv.sendFailed && <Typography color="error">{t('people:invitation.sendFailed')}</Typography>}
      {inv.canResend ? (
        <Button
          ref={sendButton}
          variant="outlined"
          startIcon={<ForwardToInboxIcon />}
          loading={resend.isPending}
          disabled={resend.isPending}
          onClick={send}
        >
          {inv.state === 'not_sent' && !inv.sendFailed ? t('people:invitation.send') : t('people:invitation.resend')}
        </Button>
      ) : (
        inv.refusal &&
        inv.refusal !== 'accepted' &&
        inv.refusal !== 'queued' && (
          <Typography variant="body2" color="textSecondary">
            {t(`people:invitation.refusals.${inv.refusal}`)}
          </Typography>
        )
      )}
    </Stack>
  );
}
