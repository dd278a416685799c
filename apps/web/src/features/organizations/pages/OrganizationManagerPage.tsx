/**
 * /super/organizationManagers/{id} (docs/product.md, "Organizations", Managers and
 * invitations): one organization manager, opened from the managers table of the
 * organization's details: who they are,
 * when and by whom they were added, and their invitation state (staff with `update` resend a
 * pending or expired one).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { localeNames } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useManager } from '../api/managers';
import { InvitationStatus } from '../components/InvitationStatus';
import { ResendInvitationButton } from '../components/ResendInvitationButton';

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const { id = '' } = useParams();
  const { data: m, error, isPending } = useManager(id);
  const canUpdate = useSession()?.allowedRoleTypes.includes('update') ?? false;

  return (
    <>
      {/* The name below the title, a blank line while it loads (the page does not jump). */}
      <PageHeader title={t('organizations:managerPage.title')} intro={m ? m.displayName : '\u00a0'} />
      {isPending && <Skeleton variant="rounded" height={240} aria-busy="true" />}
      {error && <Alert severity="error">{errorMessage(error, 'organizations:errors.loadManager')}</Alert>}
      {m && (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
          <Stack component="dl" sx={{ m: 0 }}>
            <DetailRow label={t('organizations:managerPage.name')}>{m.displayName}</DetailRow>
            <DetailRow label={t('organizations:managerPage.email')}>
              {m.email}
              <CopyButton value={m.email} label={t('organizations:managerPage.copyEmail')} />
            </DetailRow>
            <DetailRow label={t('organizations:managerPage.organization')}>{m.organizationName}</DetailRow>
            <DetailRow label={t('organizations:managerPage.role')}>
              {m.disabled ? t('organizations:managerPage.userDisabled') : t('organizations:managerPage.organizationalAdmin')}
            </DetailRow>
            <DetailRow label={t('organizations:managerPage.locale')}>
              {localeNames[m.locale as keyof typeof localeNames] ?? m.locale}
            </DetailRow>
            <DetailRow label={t('organizations:managerPage.added')}>
              {m.createdBy
                ? t('organizations:managerPage.addedAtBy', { date: formatDateTime(m.createdAt), name: m.createdBy })
                : formatDateTime(m.createdAt)}
            </DetailRow>
            <DetailRow label={t('organizations:managerPage.invitedAt')}>
              {m.invitedAt ? formatDateTime(m.invitedAt) : t('organizations:invitation.none')}
            </DetailRow>
            <DetailRow label={t('organizations:managerPage.invitedBy')}>{m.invitedBy ?? '—'}</DetailRow>
            <DetailRow label={t('organizations:managerPage.invitation')}>
              <InvitationStatus manager={{ ...m, invited: false }} />
              {canUpdate && <ResendInvitationButton manager={m} />}
            </DetailRow>
          </Stack>
        </Paper>
      )}
      {m && (
        <Button component={RouterLink} to={localize(paths.organization(m.organizationId))} startIcon={<ArrowBackIcon />} sx={{ mt: 2 }}>
          {t('organizations:managerPage.back', { name: m.organizationName })}
        </Button>
      )}
    </>
  );
}
