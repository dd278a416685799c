/**
 * One organization of the list: name, flags, plan, users and creation date, with its
 * actions. A disabled organization is greyed and offers no change.
 */
import type { OrganizationListItem } from '@console/contracts/organizations';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { formatDateTime } from '../../../lib/format';

export interface OrganizationRowProps {
  organization: OrganizationListItem;
  /** The organization's page, linked only when the staff member may read (docs/product.md, "Roles and access"). */
  href?: string;
  /** The state the page gets: the list's address, to come back to it. */
  back?: object;
  /** The edit action, for staff who may update; never on a disabled organization. */
  onEdit?: () => void;
}

export function OrganizationRow({ organization: o, href, back, onEdit }: OrganizationRowProps) {
  const { t, i18n } = useT();
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={o.name}
      data-disabled={o.disabled}
      sx={{ p: 2, listStyle: 'none', ...(o.disabled && { bgcolor: 'action.hover', color: 'text.secondary' }) }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h2" variant="h6" sx={{ wordBreak: 'break-word' }}>
              {href ? (
                <Link component={RouterLink} to={href} state={back} underline="hover" color={o.disabled ? 'inherit' : 'primary'}>
                  {o.name}
                </Link>
              ) : (
                o.name
              )}
            </Typography>
            {o.isStaff && <Chip size="small" color="primary" variant="outlined" label={t('organizations:list.staff')} />}
            {o.disabled && <Chip size="small" label={t('organizations:list.disabled')} />}
          </Stack>
          <Typography variant="body2" color={o.disabled ? 'inherit' : 'text.secondary'}>
            {o.planType ? t('organizations:list.plan', { plan: o.planType }) : t('organizations:list.noPlan')}
            {' · '}
            {t('organizations:list.admins', { count: o.adminsCount, n: n(o.adminsCount) })}
            {' · '}
            {t('organizations:list.users', { count: o.regularUsersCount, n: n(o.regularUsersCount) })}
            {' · '}
            {t('organizations:list.created', { date: formatDateTime(o.createdAt) })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <CopyButton value={o.id} label={t('organizations:list.copyId', { name: o.name })} />
          {href && (
            <Button
              component={RouterLink}
              to={href}
              state={back}
              size="small"
              startIcon={<VisibilityIcon />}
              aria-label={t('organizations:list.readLabel', { name: o.name })}
            >
              {t('organizations:list.read')}
            </Button>
          )}
          {onEdit && !o.disabled && (
            <Button size="small" startIcon={<EditIcon />} aria-label={t('organizations:list.editLabel', { name: o.name })} onClick={onEdit}>
              {t('organizations:list.edit')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
