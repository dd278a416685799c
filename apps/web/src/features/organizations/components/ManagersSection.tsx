/**
 * The organization's managers on its page (docs/product.md, "Organizations", Managers
 * and invitations): name and e-mail (a link to the manager's page), when they were added, and their
 * invitation state, 20 at a time with "load more". Staff with `update` add managers to an
 * organization that is not disabled, and resend a pending or expired invitation.
 */
import type { OrganizationView } from '@console/contracts/organizations';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { BreakableEmail } from '../../../lib/BreakableEmail';
import { withChunkReload } from '../../../lib/chunk-reload';
import { formatDateTime } from '../../../lib/format';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { pagedItems } from '../../../lib/paged-query';
import { paths } from '../../../lib/paths';
import { useManagers } from '../api/managers';
import { InvitationStatus } from './InvitationStatus';
import { PageSection } from './OrganizationSummary';
import { ResendInvitationButton } from './ResendInvitationButton';

const ManagerCreateDialog = lazy(withChunkReload(() => import('./ManagerCreateDialog')));

export function ManagersSection({ organization: o, canUpdate }: { organization: OrganizationView; canUpdate: boolean }) {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useManagers(o.id);
  const [adding, setAdding] = useState(false);
  const { items: managers, total } = pagedItems(list.data, (p) => p.managers);

  return (
    <PageSection
      id="organization-managers"
      title={t('organizations:managers.title')}
      action={
        canUpdate &&
        !o.disabled && (
          <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            {t('organizations:managers.add')}
          </Button>
        )
      }
    >
      {canUpdate && o.disabled && (
        <Typography variant="body2" color="textSecondary">
          {t('organizations:managers.disabledOrganization')}
        </Typography>
      )}
      {listPlaceholder(list, managers.length === 0, {
        failedKey: 'organizations:errors.loadManagers',
        empty: t('organizations:managers.empty'),
      })}
      {managers.length > 0 && (
        <Table
          size="small"
          aria-labelledby="organization-managers"
          aria-busy={list.isFetching}
          // Fixed columns that fit a phone; long names and e-mails wrap.
          sx={{ tableLayout: 'fixed', '& th, & td': { px: 1, verticalAlign: 'top' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ width: '38%' }}>
                {t('organizations:managers.name')}
              </TableCell>
              <TableCell component="th" scope="col" sx={{ width: '26%' }}>
                {t('organizations:managers.created')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('organizations:managers.invitation')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {managers.map((m) => (
              <TableRow key={m.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link
                    component={RouterLink}
                    to={localize(paths.organizationManager(m.id))}
                    aria-label={t('organizations:managers.open', { name: m.displayName })}
                  >
                    {m.displayName}
                  </Link>
                  <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                    <BreakableEmail email={m.email} />
                  </Typography>
                </TableCell>
                <TableCell>
                  {/* The date and the time each whole, on two lines when narrow. */}
                  {formatDateTime(m.createdAt)
                    .split(' ')
                    .map((part) => (
                      <Box component="span" key={part} sx={{ whiteSpace: 'nowrap', display: 'inline-block', mr: 0.5 }}>
                        {part}
                      </Box>
                    ))}
                </TableCell>
                <TableCell>
                  <InvitationStatus manager={m} />
                  {canUpdate && !o.disabled && <ResendInvitationButton manager={m} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <LoadMore shown={managers.length} total={total} list={list} ofTotalKey="organizations:managers.shown" />
      {adding && (
        <Suspense fallback={null}>
          <ManagerCreateDialog organization={o} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </PageSection>
  );
}
