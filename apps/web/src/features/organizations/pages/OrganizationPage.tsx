/**
 * /super/organizations/{id} (docs/product.md, "Organizations", Details): one organization on
 * a page of its own, reached from the list: its details and client key, admin users,
 * managers, a link to its settings, its imports, what the app adds below them (its audit
 * trail: another feature's, so app/ composes the two), and (staff with `update`) its edit
 * form (?mode=edit opens it over the page) and the danger zone that disables it.
 */

import type { OrganizationView } from '@console/contracts/organizations';
import EditIcon from '@mui/icons-material/Edit';
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { withChunkReload } from '../../../lib/chunk-reload';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { useOrganization } from '../../../lib/queries/organization';
import { DisableOrganization } from '../components/DisableOrganization';
import { ImportStatusPanel } from '../components/ImportStatusPanel';
import { ImportWorkflowsButton } from '../components/ImportWorkflowsButton';
import { ManagersSection } from '../components/ManagersSection';
import { OrganizationAdmins, OrganizationDetails } from '../components/OrganizationSummary';

const OrganizationEditDialog = lazy(withChunkReload(() => import('../components/OrganizationEditDialog')));

/** Where the list link of the trail goes: the list as it was left (its filter), when known. */
export interface OrganizationPageState {
  back?: string;
}

export interface OrganizationPageProps {
  /** The sections another feature shows on the page, after its imports (app/ composes them). */
  more?: (organization: OrganizationView) => ReactNode;
}

export function OrganizationPage({ more }: OrganizationPageProps) {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const canUpdate = usePermissions().superChanges;
  const organization = useOrganization(id);
  const o = organization.data;
  const back = (location.state as OrganizationPageState | null)?.back;
  const editing = params.get('mode') === 'edit' && canUpdate && !!o && !o.disabled;
  const closeEdit = () => navigate(localize(paths.organization(id)), { replace: true, state: location.state });

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('superHome.title'), to: paths.superHome() },
          { label: t('organizations:list.title'), to: paths.organizations(), href: back },
          { label: o?.name ?? t('organizations:details.title') },
        ]}
      />
      <PageHeader
        title={o?.name ?? t('organizations:details.title')}
        intro={
          o &&
          (o.isStaff || o.disabled) && (
            <Stack direction="row" spacing={1} component="span">
              {o.isStaff && <Chip size="small" color="primary" variant="outlined" label={t('organizations:list.staff')} />}
              {o.disabled && <Chip size="small" label={t('organizations:list.disabled')} />}
            </Stack>
          )
        }
        actions={
          o && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {canUpdate && !o.disabled && (
                <Button
                  variant="contained"
                  startIcon={<EditIcon />}
                  onClick={() => navigate(localize(paths.organization(id, 'edit')), { state: location.state })}
                >
                  {t('organizations:list.edit')}
                </Button>
              )}
              <Button component={Link} to={localize(paths.organizationSettings(id))} variant="outlined" startIcon={<SettingsIcon />}>
                {t('organizations:settings.open')}
              </Button>
              <ImportWorkflowsButton organization={o} />
            </Stack>
          )
        }
      />

      {listPlaceholder(organization, false, { failedKey: 'organizations:errors.load', empty: '' }) ??
        (o && (
          <Stack spacing={3}>
            {o.disabled && <Alert severity="info">{t('organizations:page.disabled')}</Alert>}
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, lg: 6 }}>
                <OrganizationDetails organization={o} />
              </Grid>
              <Grid size={{ xs: 12, lg: 6 }}>
                <OrganizationAdmins organization={o} />
              </Grid>
            </Grid>
            <ManagersSection organization={o} canUpdate={canUpdate} />
            <ImportStatusPanel organizationId={o.id} />
            {more?.(o)}
            {canUpdate && !o.isStaff && !o.disabled && <DisableOrganization organization={o} />}
          </Stack>
        ))}

      {editing && (
        <Suspense fallback={null}>
          <OrganizationEditDialog organization={o} onClose={closeEdit} />
        </Suspense>
      )}
    </>
  );
}
