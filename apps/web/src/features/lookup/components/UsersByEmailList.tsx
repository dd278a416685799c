/**
 * The users whose e-mail starts with the text typed in the user look-up, of every
 * organization, by address: each address links to that user's details; a disabled user or
 * organization says so. Pages follow with "Load more" (a keyset, no total).
 */
import type { UsersLookupResponse } from '@console/contracts/lookup';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InfiniteData } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { BreakableEmail } from '../../../lib/BreakableEmail';
import { keysetItems } from '../../../lib/keyset-query';
import { LoadMore, type MorePages } from '../../../lib/LoadMore';
import { listPlaceholder, type PlaceholderList } from '../../../lib/list-placeholder';
import { paths } from '../../../lib/paths';

type UsersList = PlaceholderList & MorePages & { data: InfiniteData<UsersLookupResponse, unknown> | undefined };

export function UsersByEmailList({ start, list }: { start: string; list: UsersList }) {
  const { t } = useT();
  const { localize } = useLocale();
  const users = keysetItems(list.data, (p) => p.users);
  const placeholder = listPlaceholder(list, users.length === 0, {
    failedKey: 'lookup:errors.loadUsers',
    empty: t('lookup:user.noneStartWith', { start }),
  });
  return (
    <section aria-label={t('lookup:user.startsWith', { start })}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('lookup:user.startsWith', { start })}
      </Typography>
      {placeholder ?? (
        <Paper variant="outlined">
          <List disablePadding>
            {users.map((u, i) => (
              <ListItem key={u.id} divider={i < users.length - 1} sx={{ display: 'block', py: 1.5 }}>
                <Link component={RouterLink} to={localize(paths.userLookup({ email: u.email }))} sx={{ fontWeight: 600 }}>
                  <BreakableEmail email={u.email} />
                </Link>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
                  <Typography variant="body2">{u.displayName}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    {u.organization.name}
                  </Typography>
                  {u.disabled && <Chip size="small" label={t('lookup:user.disabledChip')} />}
                  {u.organization.disabled && <Chip size="small" label={t('lookup:user.organizationDisabled')} />}
                </Stack>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <LoadMore list={list} shown={users.length} total={users.length} text={t('lookup:user.shown', { count: users.length })} />
    </section>
  );
}
