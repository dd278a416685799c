/**
 * The user details panel (docs/product.md, "Look-up"): employee ID, last login, role and
 * workspaces first, then the organization (name, client key, plan type, id to copy),
 * creation (when, by whom, through what) and invitation, groups, Super permissions and
 * sign-in provider; then the profile, only the fields that hold something.
 */
import type { LookupUserView } from '@console/contracts/lookup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { BreakableEmail } from '../../../lib/BreakableEmail';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { JsonTree } from './JsonTree';

const LABEL_WIDTH = 170;

type Person = LookupUserView['createdBy'];
const personText = (p: Person) => (p ? (p.email ? `${p.displayName} (${p.email})` : p.displayName) : '—');
/** A value the sign-in e-mail already shows (any case) is not said again. */
const unlessSame = (value: string | null, same: string | null) => (value && value.toLowerCase() !== same?.toLowerCase() ? value : null);
/** One inline box (the row's value is a flex box, which would space out the address's parts), wrapped after the @ and before dots. */
const Address = ({ value }: { value: string }) => (
  <span>
    <BreakableEmail email={value} />
  </span>
);

/** The profile: what the identity provider, the import or the API said of the user. */
function ProfileDetails({ user: u }: { user: LookupUserView }) {
  const { t } = useT();
  const { localize } = useLocale();
  const p = u.profile;
  const manager = p.manager;
  // Their e-mail opens their own look-up.
  const managerValue = manager?.email ? (
    <Link component={RouterLink} to={localize(paths.userLookup({ email: manager.email }))}>
      {manager.displayName} (<BreakableEmail email={manager.email} />)
    </Link>
  ) : (
    manager?.displayName
  );
  const login = unlessSame(p.userName, u.email);
  const workEmail = unlessSame(p.workEmail, u.email);
  const rows: [label: string, value: ReactNode][] = [
    [t('lookup:user.givenName'), p.givenName],
    [t('lookup:user.familyName'), p.familyName],
    [t('lookup:user.formattedName'), p.formattedName !== u.displayName ? p.formattedName : null],
    [t('lookup:user.userName'), login && <Address value={login} />],
    [t('lookup:user.workEmail'), workEmail && <Address value={workEmail} />],
    [t('lookup:user.jobTitle'), p.title],
    [t('lookup:user.phone'), p.phone],
    [t('lookup:user.department'), p.department],
    [t('lookup:user.costCenter'), p.costCenter],
    [t('lookup:user.division'), p.division],
    [t('lookup:user.company'), p.organization],
    [t('lookup:user.manager'), managerValue],
  ];
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  const more = p.scimAttributes && Object.keys(p.scimAttributes).length > 0 ? p.scimAttributes : null;
  if (shown.length === 0 && !more) return null;
  return (
    <>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3, mb: 1 }}>
        {t('lookup:user.profile')}
      </Typography>
      <Stack component="dl" sx={{ m: 0 }}>
        {shown.map(([label, value]) => (
          <DetailRow key={label} labelWidth={LABEL_WIDTH} label={label}>
            {value}
          </DetailRow>
        ))}
      </Stack>
      {more && (
        <>
          <Typography component="h4" variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
            {t('lookup:user.moreFromIdentityProvider')}
          </Typography>
          <JsonTree data={more} label={t('lookup:user.moreFromIdentityProvider')} />
        </>
      )}
    </>
  );
}

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
            {u.email ? <Address value={u.email} /> : '—'}
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
            {personText(u.createdBy)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.source')}>
            {t(`lookup:sources.${u.source}`)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.invitedAt')}>
            {u.invitedAt ? formatDateTime(u.invitedAt) : t('lookup:user.notInvited')}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:user.invitedBy')}>
            {personText(u.invitedBy)}
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
        <ProfileDetails user={u} />
      </CardContent>
    </Card>
  );
}
