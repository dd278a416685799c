/** Who is signed in, for which organization, with which role, and until when. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useMe } from '../../features/auth/api/session';
import { useT } from '../../i18n/use-t';
import { CopyButton } from '../../lib/copy';
import { DetailRow } from '../../lib/DetailRow';
import { formatDateTime } from '../../lib/format';

function daysUntil(iso: string): number {
  return Math.max(0, Math.floor((Date.parse(iso) - Date.now()) / 86_400_000));
}

export default function AccountCard() {
  const { t } = useT();
  const { data: user } = useMe();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={t('dashboard:account.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {user ? (
          <Stack component="dl" sx={{ m: 0 }}>
            <DetailRow label={t('dashboard:account.organization')}>{user.organizationName}</DetailRow>
            {/* The ID beside its copy button, so the button plainly copies the ID and not the name. */}
            <DetailRow label={t('dashboard:account.organizationId')}>
              <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.875rem' }}>
                {user.organizationId}
              </Box>
              <CopyButton value={user.organizationId} label={t('dashboard:account.copyOrganizationId')} />
            </DetailRow>
            <DetailRow label={t('dashboard:account.email')}>{user.email ?? '—'}</DetailRow>
            <DetailRow label={t('dashboard:account.role')}>{t(`dashboard:roles.${user.role}`)}</DetailRow>
            <DetailRow label={t('dashboard:account.signInMethod')}>{t(`dashboard:providers.${user.signInProvider}`)}</DetailRow>
            {user.isStaff && (
              <DetailRow label={t('dashboard:account.staff')}>
                {user.allowedRoleTypes.map((r) => t(`dashboard:roleTypes.${r}`)).join(', ')}
              </DetailRow>
            )}
            <DetailRow label={t('dashboard:account.sessionEnds')}>
              {formatDateTime(user.expirationTime)} · {t('dashboard:account.daysLeft', { count: daysUntil(user.expirationTime) })}
            </DetailRow>
          </Stack>
        ) : (
          <Stack spacing={1}>
            <Skeleton />
            <Skeleton />
            <Skeleton width="60%" />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
