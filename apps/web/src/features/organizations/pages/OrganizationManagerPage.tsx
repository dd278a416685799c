/**
 * /super/organizationManagers/{id} (docs/product.md, "Organizations", Managers and
 * invitations): one organization manager, opened from the managers table of the
 * organization's page: who they are,
 * when and by whom they were added, and their invitation state (staff with `update` resend a
 * pending or expired one).
 */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { localeNames } from '../../../i18n/locales';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { formatDateTime } from '../../../lib/format';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { useManager } from '../api/managers';
import { InvitationStatus } from '../components/InvitationStatus';
import { ResendInvitationButton } from '../components/ResendInvitationButton';

export function Component() {
  const { t } = useT();
  const { id = '' } = useParams();
  const manager = useManager(id);
  const m = manager.data;
  const canUpdate = usePermissions().superChanges;

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('superHome.title'), to: paths.superHome() },
          { label: t('organizations:list.title'), to: paths.organizations() },
          ...(m ? [{ label: m.organizationName, to: paths.organization(m.organizationId) }] : []),
          { label: m?.displayName ?? t('organizations:managerPage.title') },
        ]}
      />
      {/* The name below the title, a blank line while it loads (the page does not jump). */}
      <PageHeader title={t('organizations:managerPage.title')} intro={m ? m.displayName : '\u00a0'} />
      {listPlaceholder(manager, false, { failedKey: 'organizations:errors.loadManager', empty: '' })}
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
    </>
  );
}
