/**
 * The people of a page: name (a link to the person's page; a click anywhere on the row opens
 * it too), e-mail, role, status, source and last change. Blocks on a phone.
 */
import type { PersonRow } from '@console/contracts/people';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { BreakableEmail } from '../../../lib/BreakableEmail';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { stackedOnPhone } from '../../../lib/stacked-table';
import { PersonStatusChip } from './PersonStatusChip';

export function PeopleTable({ people, back }: { people: PersonRow[]; back: object }) {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  return (
    <Table size="small" aria-label={t('people:list.label')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('people:list.name')}</TableCell>
          <TableCell>{t('people:list.email')}</TableCell>
          <TableCell>{t('people:list.role')}</TableCell>
          <TableCell>{t('people:list.status')}</TableCell>
          <TableCell>{t('people:list.source')}</TableCell>
          <TableCell>{t('people:list.lastChange')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {people.map((p) => {
          const href = localize(paths.person(p.id));
          return (
            <TableRow
              key={p.id}
              hover
              data-person-id={p.id}
              onClick={(e) => {
                // The name's link opens the page itself (and keeps a new tab's click); elsewhere the row does.
                if (!(e.target as HTMLElement).closest('a')) navigate(href, { state: back });
              }}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: { sm: 160 }, fontWeight: 500 }}>
                <Link component={RouterLink} to={href} state={back} underline="hover">
                  {p.name}
                </Link>
              </TableCell>
              <TableCell data-label={t('people:list.email')} sx={{ overflowWrap: 'anywhere', minWidth: { sm: 180 } }}>
                {p.email ? <BreakableEmail email={p.email} /> : '—'}
              </TableCell>
              <TableCell data-label={t('people:list.role')}>{t(`dashboard:roles.${p.role}`)}</TableCell>
              <TableCell data-label={t('people:list.status')}>
                <PersonStatusChip status={p.status} />
              </TableCell>
              <TableCell data-label={t('people:list.source')}>{t(`people:source.${p.source}`)}</TableCell>
              <TableCell data-label={t('people:list.lastChange')} sx={{ whiteSpace: { sm: 'nowrap' } }}>
                {formatDateTime(p.updatedAt)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
