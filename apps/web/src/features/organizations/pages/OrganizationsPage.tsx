/**
 * /super/organizations (docs/product.md, "Organizations"): every organization, 20 a page
 * with "load more", filtered by a part
 * of the name (debounced, kept in the URL as ?q=), disabled ones greyed (hidden with
 * ?disabled=false). /super/organizations/{id}?mode=read|edit is the same list with that
 * organization's details (or, for staff who may update, its edit form) open over it.
 */

import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { withChunkReload } from '../../../lib/chunk-reload';
import { errorMessage } from '../../../lib/error-message';
import { LoadMore } from '../../../lib/LoadMore';
import { PageHeader } from '../../../lib/PageHeader';
import { pagedItems } from '../../../lib/paged-query';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { FILTER_DEBOUNCE_MS, useDebounced } from '../../../lib/use-debounced';
import { useOrganizations } from '../api/organizations';
import { OrganizationDialog } from '../components/OrganizationDialog';
import { OrganizationRow } from '../components/OrganizationRow';

const OrganizationCreateDialog = lazy(withChunkReload(() => import('../components/OrganizationCreateDialog')));

/** Where the details dialog goes back to: the list as it was (filter included). */
interface BackState {
  back?: string;
}

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { id } = useParams();
  const session = useSession();
  const [params, setParams] = useSearchParams();

  const includeDisabled = params.get('disabled') !== 'false';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), FILTER_DEBOUNCE_MS);
  const canRead = session?.allowedRoleTypes.includes('read') ?? false;
  const canUpdate = session?.allowedRoleTypes.includes('update') ?? false;
  const [creating, setCreating] = useState(false);

  // The filter lives in the URL of the list, so that the way back from the details keeps it.
  const urlQ = params.get('q') ?? '';
  useEffect(() => {
    if (id || q === urlQ) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, urlQ, id, setParams]);

  const list = useOrganizations({ q, includeDisabled });
  const { items: organizations, total } = pagedItems(list.data, (p) => p.organizations);

  // The list as it is on screen, its filter included (the search of its own address).
  const listUrl = `${localize(paths.organizations())}${id ? '' : location.search}`;
  const open = (orgId: string, mode: 'read' | 'edit') =>
    navigate(localize(paths.organization(orgId, mode)), { state: { back: listUrl } satisfies BackState });
  const close = () => navigate((location.state as BackState | null)?.back ?? localize(paths.organizations()));

  return (
    <>
      <PageHeader
        title={t('organizations:list.title')}
        intro={t('organizations:list.intro')}
        actions={
          canUpdate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              {t('organizations:create.button')}
            </Button>
          )
        }
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <TextField
          type="search"
          size="small"
          label={t('organizations:list.filter')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ width: { sm: 320 } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={includeDisabled}
              onChange={(e) =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    if (e.target.checked) next.delete('disabled');
                    else next.set('disabled', 'false');
                    return next;
                  },
                  { replace: true },
                )
              }
            />
          }
          label={t('organizations:list.showDisabled')}
        />
      </Stack>

      {list.isPending && <Skeleton variant="rounded" height={120} />}
      {list.isError && <Alert severity="error">{errorMessage(list.error, 'organizations:errors.loadList')}</Alert>}
      {list.isSuccess && organizations.length === 0 && <Typography color="text.secondary">{t('organizations:list.empty')}</Typography>}

      <Stack
        component="ul"
        spacing={2}
        sx={{ p: 0, m: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}
        aria-label={t('organizations:list.listLabel')}
        aria-busy={list.isFetching}
      >
        {organizations.map((o) => (
          <OrganizationRow
            key={o.id}
            organization={o}
            onRead={canRead ? () => open(o.id, 'read') : undefined}
            onEdit={canUpdate ? () => open(o.id, 'edit') : undefined}
          />
        ))}
      </Stack>

      <LoadMore
        shown={organizations.length}
        total={total}
        list={list}
        text={t('organizations:list.shown', { count: organizations.length, total })}
      />

      {creating && (
        <Suspense fallback={null}>
          <OrganizationCreateDialog
            onClose={() => setCreating(false)}
            onCreated={(newId) => {
              setCreating(false);
              if (canRead) open(newId, 'read');
            }}
          />
        </Suspense>
      )}
      {id && <OrganizationDialog key={id} id={id} edit={params.get('mode') === 'edit' && canUpdate} onClose={close} />}
    </>
  );
}
