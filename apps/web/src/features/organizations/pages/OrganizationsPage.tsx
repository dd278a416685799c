/**
 * /super/organizations (docs/product.md, "Organizations"): every organization, 20 a page
 * with "load more", filtered by a part
 * of the name (debounced, kept in the URL as ?q=), disabled ones greyed (hidden with
 * ?disabled=false). A row opens the organization's own page, /super/organizations/{id}
 * (pages/OrganizationPage.tsx), its Edit button that page with ?mode=edit (decision 025).
 */

import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { withChunkReload } from '../../../lib/chunk-reload';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { PageHeader } from '../../../lib/PageHeader';
import { pagedItems } from '../../../lib/paged-query';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { SearchField } from '../../../lib/SearchField';
import { useSearchText } from '../../../lib/use-search-text';
import { useOrganizations } from '../api/organizations';
import { OrganizationRow } from '../components/OrganizationRow';
import type { OrganizationPageState } from './OrganizationPage';

const OrganizationCreateDialog = lazy(withChunkReload(() => import('../components/OrganizationCreateDialog')));

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();

  const includeDisabled = params.get('disabled') !== 'false';
  // The filter lives in the URL of the list, so that the way back from an organization keeps it.
  const { text, setText, q } = useSearchText();
  const { superView: canRead, superChanges: canUpdate } = usePermissions();
  const [creating, setCreating] = useState(false);

  const list = useOrganizations({ q, includeDisabled });
  const { items: organizations, total } = pagedItems(list.data, (p) => p.organizations);

  // The list as it is on screen, its filter included: the organization page's way back.
  const back: OrganizationPageState = { back: `${localize(paths.organizations())}${location.search}` };
  const open = (orgId: string, mode?: 'edit') => navigate(localize(paths.organization(orgId, mode)), { state: back });

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
        <SearchField label={t('organizations:list.filter')} value={text} onText={setText} sx={{ width: { sm: 320 } }} />
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

      {listPlaceholder(list, organizations.length === 0, {
        failedKey: 'organizations:errors.loadList',
        empty: t('organizations:list.empty'),
      })}

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
            href={canRead ? localize(paths.organization(o.id)) : undefined}
            back={back}
            onEdit={canUpdate ? () => open(o.id, 'edit') : undefined}
          />
        ))}
      </Stack>

      <LoadMore shown={organizations.length} total={total} list={list} ofTotalKey="organizations:list.shown" />

      {creating && (
        <Suspense fallback={null}>
          <OrganizationCreateDialog
            onClose={() => setCreating(false)}
            onCreated={(newId) => {
              setCreating(false);
              if (canRead) open(newId);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
