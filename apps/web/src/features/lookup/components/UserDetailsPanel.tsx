/**
 * The user details panel (docs/product.md, "Look-up"): employee ID, last login, role and
 * workspaces first, then the organization (name, client key, plan type, id to copy),
 * creation and invitation, groups, Super permissions and sign-in provider.
 */
import type { LookupUserView } from '@console/contracts/lookup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { formatDateTime } from '../../../lib/format';

const LABEL_WIDTH = 170;

function NameList({ items, more, empty }: { items: { id: string; name: string; private?: boolean }[]; more: number; empty: string }) {
  const { t } = useT();
  if (items.length === 0) return <span>{empty}</span>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      {items.map((i) => (
        <Chip key={i.id} size="small" variant="outlined" label={i.private ? `${i.name} (${t('lookup:user.private')})` : i.name} />
      ))}
      {more > 0 && <span>{t('lookup:user.more', { count: more })}</span>}
    </Stack>
  );
}

export function UserDetailsPanel({ user: u }: { user: LookupUserView }) {
  const { t } = useT();
  const person = (p: LookupUserView['createdBy']) => (p ? (p.email ? `${p.displayName} (${p.email})` : p.displayName) : '—');
  const titleId = `user-${u.id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="h6" id={titleId}>
            {u.displayName}
          </Typography>
          {u.disabled && <Chip size="small" color="default" label={t('lookup:user.disabledChip')} />}
        </Stack>
        <Stack component="dl" sx={{ m: 0 }}>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.email')}>
            {u.email ?? '—'}
            {u.email && <CopyButton value={u.email} label={t('lookup:user.copyEmail')} />}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.employeeId')}>
            {u.employeeId ?? '—'}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.lastLogin')}>
            {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : t('lookup:user.never')}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.role')}>
            {t(`dashboard:roles.${u.role}`)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.workspaces')}>
            <NameList items={u.workspaces} more={u.moreWorkspaces} empty={t('lookup:user.noWorkspaces')} />
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.groups')}>
            <NameList items={u.groups} more={u.moreGroups} empty={t('lookup:user.noGroups')} />
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.organization')}>
            {u.organization.name}
            {u.organization.isStaff && <Chip size="small" label={t('lookup:user.staff')} />}
            {u.organization.disabled && <Chip size="small" label={t('lookup:user.disabledChip')} />}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.organizationId')}>
            <code>{u.organization.id}</code>
            <CopyButton value={u.organization.id} label={t('lookup:user.copyOrganizationId')} />
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.clientKey')}>
            {u.organization.clientKey ?? '—'}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.planType')}>
            {u.organization.planType ?? '—'}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.status')}>
            {u.disabled ? t('lookup:user.disabledSince', { date: formatDateTime(u.disabledAt) }) : t('lookup:user.active')}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.createdAt')}>
            {formatDateTime(u.createdAt)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.createdBy')}>
            {person(u.createdBy)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.invitedAt')}>
            {u.invitedAt ? formatDateTime(u.invitedAt) : t('lookup:user.notInvited')}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.invitedBy')}>
            {person(u.invitedBy)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.allowedRoleTypes')}>
            {u.allowedRoleTypes.length > 0 ? u.allowedRoleTypes.map((r) => t(`dashboard:roleTypes.${r}`)).join(', ') : '—'}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.signInProvider')}>
            {t(`dashboard:providers.${u.signInProvider}`)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.id')}>
            <code>{u.id}</code>
          </DetailRow>
        </Stack>
      </CardContent>
    </Card>
  );
}
