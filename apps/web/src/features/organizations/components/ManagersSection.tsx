/**
 * The organization's managers in its details (spec: organization managers list and create
 * dialog): name and e-mail (a link to the manager's page), when they were added, and their
 * invitation state, 20 at a time with "load more". Staff with `update` add managers to an
 * organization that is not disabled, and resend a pending or expired invitation.
 */
import type { OrganizationView } from '@console/contracts/organizations';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
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
import { withChunkReload } from '../../../lib/chunk-reload';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { useManagers } from '../api/list-managers';
import { InvitationStatus } from './InvitationStatus';
import { ResendInvitationButton } from './ResendInvitationButton';

const ManagerCreateDialog = lazy(withChunkReload(() => import('./ManagerCreateDialog')));

export function ManagersSection({ organization: o, canUpdate }: { organization: OrganizationView; canUpdate: boolean }) {
  const { t } = useT();
  const { localize } = useLocale();
  const list = useManagers(o.id);
  const [adding, setAdding] = useState(false);
  const managers = list.data?.pages.flatMap((p) => p.managers) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;

  return (
    <>
      <Stack direction="row" sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} id="organization-managers">
          {t('orgAdmin:managers.title')}
        </Typography>
        {canUpdate && !o.disabled && (
          <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            {t('orgAdmin:managers.add')}
          </Button>
        )}
      </Stack>
      {canUpdate && o.disabled && (
        <Typography variant="body2" color="text.secondary">
          {t('orgAdmin:managers.disabledOrganization')}
        </Typography>
      )}
      {list.isPending && <Skeleton height={56} aria-busy="true" />}
      {list.isError && <Alert severity="error">{errorMessage(list.error, 'orgAdmin:errors.loadManagers')}</Alert>}
      {list.isSuccess && managers.length === 0 && <Typography color="text.secondary">{t('orgAdmin:managers.empty')}</Typography>}
      {managers.length > 0 && (
        <Table
          size="small"
          aria-labelledby="organization-managers"
          aria-busy={list.isFetching}
          // Fixed columns that fit the 450 px dialog; long names and e-mails wrap.
          sx={{ tableLayout: 'fixed', '& th, & td': { px: 1, verticalAlign: 'top' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col" sx={{ width: '38%' }}>
                {t('orgAdmin:managers.name')}
              </TableCell>
              <TableCell component="th" scope="col" sx={{ width: '26%' }}>
                {t('orgAdmin:managers.created')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('orgAdmin:managers.invitation')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {managers.map((m) => (
              <TableRow key={m.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link
                    component={RouterLink}
                    to={localize(`/super/organizationManagers/${m.id}`)}
                    aria-label={t('orgAdmin:managers.open', { name: m.displayName })}
                  >
                    {m.displayName}
                  </Link>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {m.email}
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
      {managers.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {t('orgAdmin:managers.shown', { count: managers.length, total })}
          </Typography>
          {list.hasNextPage && (
            <Button size="small" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('orgAdmin:managers.loadMore')}
            </Button>
          )}
        </Stack>
      )}
      {adding && (
        <Suspense fallback={null}>
          <ManagerCreateDialog organization={o} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </>
  );
}
