/** Who is signed in, for which organization, with which role, and until when. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useMe } from '../../features/auth/api/get-me';
import { useT } from '../../i18n/use-t';
import { CopyButton } from '../../lib/copy';
import { formatDateTime } from '../../lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0, sm: 2 }}
      sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', alignItems: { sm: 'center' }, minHeight: 44 }}
    >
      <Typography component="dt" color="text.secondary" sx={{ width: { sm: 150 }, flex: 'none' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {children}
      </Typography>
    </Stack>
  );
}

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
            <Row label={t('dashboard:account.organization')}>
              {user.organizationName}
              <CopyButton value={user.organizationId} label={t('dashboard:account.copyOrganizationId')} />
            </Row>
            <Row label={t('dashboard:account.email')}>{user.email ?? '—'}</Row>
            <Row label={t('dashboard:account.role')}>{t(`dashboard:roles.${user.role}`)}</Row>
            <Row label={t('dashboard:account.signInMethod')}>{t(`dashboard:providers.${user.signInProvider}`)}</Row>
            {user.isStaff && (
              <Row label={t('dashboard:account.staff')}>{user.allowedRoleTypes.map((r) => t(`dashboard:roleTypes.${r}`)).join(', ')}</Row>
            )}
            <Row label={t('dashboard:account.sessionEnds')}>
              {formatDateTime(user.expirationTime)} · {t('dashboard:account.daysLeft', { count: daysUntil(user.expirationTime) })}
            </Row>
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
