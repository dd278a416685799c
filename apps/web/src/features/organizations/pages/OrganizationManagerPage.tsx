/**
 * /super/organizationManagers/{id} (spec: "built for a manager row"): one organization
 * manager, opened from the managers table of the organization's details: who they are,
 * when and by whom they were added, and their invitation state (staff with `update` resend a
 * pending or expired one).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { localeNames } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useManager } from '../api/get-manager';
import { InvitationStatus } from '../components/InvitationStatus';
import { ResendInvitationButton } from '../components/ResendInvitationButton';

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const { id = '' } = useParams();
  const { data: m, error, isPending } = useManager(id);
  const canUpdate = useSession()?.allowedRoleTypes.includes('update') ?? false;
  usePageTitle(t('orgAdmin:managerPage.title'));

  return (
    <>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {t('orgAdmin:managerPage.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {m ? m.displayName : '\u00a0'}
      </Typography>
      {isPending && <Skeleton variant="rounded" height={240} aria-busy="true" />}
      {error && <Alert severity="error">{errorMessage(error, 'orgAdmin:errors.loadManager')}</Alert>}
      {m && (
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
          <Stack component="dl" sx={{ m: 0 }}>
            <DetailRow label={t('orgAdmin:managerPage.name')}>{m.displayName}</DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.email')}>
              {m.email}
              <CopyButton value={m.email} label={t('orgAdmin:managerPage.copyEmail')} />
            </DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.organization')}>{m.organizationName}</DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.role')}>
              {m.disabled ? t('orgAdmin:managerPage.userDisabled') : t('orgAdmin:managerPage.orgAdmin')}
            </DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.locale')}>{localeNames[m.locale as keyof typeof localeNames] ?? m.locale}</DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.added')}>
              {m.createdBy
                ? t('orgAdmin:managerPage.addedAtBy', { date: formatDateTime(m.createdAt), name: m.createdBy })
                : formatDateTime(m.createdAt)}
            </DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.invitedAt')}>
              {m.invitedAt ? formatDateTime(m.invitedAt) : t('orgAdmin:invitation.none')}
            </DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.invitedBy')}>{m.invitedBy ?? '—'}</DetailRow>
            <DetailRow label={t('orgAdmin:managerPage.invitation')}>
              <InvitationStatus manager={{ ...m, invited: false }} />
              {canUpdate && <ResendInvitationButton manager={m} />}
            </DetailRow>
          </Stack>
        </Paper>
      )}
      {m && (
        <Button
          component={RouterLink}
          to={`${localize(`/super/organizations/${m.organizationId}`)}?mode=read`}
          startIcon={<ArrowBackIcon />}
          sx={{ mt: 2 }}
        >
          {t('orgAdmin:managerPage.back', { name: m.organizationName })}
        </Button>
      )}
    </>
  );
}
