/**
 * /super/organizations/{id}/settings (docs/product.md, "Organization settings"): an
 * organization's feature switches, in their groups (a tab each, or all at once), changed
 * one at a time with a green or red notice. The older "settings parts" (constants/...,
 * Settings/...) open this screen at their group or setting (settings-paths.ts). Staff with only `read`, and disabled organizations, see
 * the switches without being able to change them; the server refuses such changes anyway.
 */
import {
  ORGANIZATION_SETTING_GROUPS,
  type OrganizationSettingGroup,
  type OrganizationSettingValue,
  type OrganizationSettingView,
  organizationSettingDefinition,
} from '@console/contracts/organizations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { i18n } from '../../../i18n';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { notify } from '../../../lib/notify';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/permissions';
import { useOrganization } from '../../../lib/queries/organization';
import { settingLabel } from '../../../lib/setting-text';
import { useChangeOrganizationSetting, useOrganizationSettings } from '../api/organization-settings';
import { AiVerificationSetting } from '../components/AiVerificationSetting';
import { useConfirmAccessChange } from '../components/access-confirmation';
import { DaysSetting } from '../components/DaysSetting';
import { ImportStatusPanel } from '../components/ImportStatusPanel';
import { SettingSwitch } from '../components/SettingSwitch';
import { type SettingsPart, type SettingsView, settingsPart } from '../settings-paths';

const VIEWS: SettingsView[] = ['all', ...ORGANIZATION_SETTING_GROUPS, 'importStatus'];
const isView = (v: string | null): v is SettingsView => VIEWS.includes(v as SettingsView);

/** The group (and setting) the address asks for: a settings part, else ?group=, else all. */
function useRequestedPart(): SettingsPart {
  const { pathname } = useLocation();
  const { part } = useParams();
  const [params] = useSearchParams();
  const section = /\/constants\/[^/]+\/?$/i.test(pathname) ? 'constants' : 'Settings';
  const fromPath = part === undefined ? undefined : settingsPart(section, part);
  const group = params.get('group');
  return fromPath ?? { view: isView(group) ? group : 'all' };
}

function Group(props: {
  organizationId: string;
  group: OrganizationSettingGroup;
  settings: OrganizationSettingView[];
  readOnly: boolean;
  pendingKey: string | undefined;
  onChange: (setting: OrganizationSettingView, value: OrganizationSettingValue) => void;
}) {
  const { t } = useT();
  const headingId = `settings-group-${props.group}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {t(`organizations:settings.groups.${props.group}`)}
      </Typography>
      <Stack component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {props.settings.map((s) =>
          s.type === 'aiVerification' ? (
            <AiVerificationSetting
              key={`${s.key}-${s.updatedAt}`}
              setting={s}
              readOnly={props.readOnly}
              saving={props.pendingKey === s.key}
              onSave={(value) => props.onChange(s, value)}
            />
          ) : s.type === 'days' ? (
            <DaysSetting
              key={`${s.key}-${s.updatedAt}`}
              setting={s}
              readOnly={props.readOnly}
              saving={props.pendingKey === s.key}
              onSave={(value) => props.onChange(s, value)}
            />
          ) : (
            <SettingSwitch
              key={s.key}
              organizationId={props.organizationId}
              setting={s}
              readOnly={props.readOnly}
              onChange={(value) => props.onChange(s, value)}
            />
          ),
        )}
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const requested = useRequestedPart();
  const organization = useOrganization(id);
  const settings = useOrganizationSettings(id);
  const change = useChangeOrganizationSetting(id);
  const confirmAccessChange = useConfirmAccessChange();

  const canUpdate = usePermissions().superChanges;
  const disabled = organization.data?.disabled ?? false;
  const readOnly = !canUpdate || disabled || !organization.data;
  const view = requested.view;
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));

  // A part that names one setting brings it into view and to the keyboard.
  useEffect(() => {
    if (!requested.focus || !settings.data) return;
    const input = document.getElementById(`setting-${requested.focus}`);
    input?.closest('[data-setting]')?.scrollIntoView?.({ block: 'center' });
    input?.focus();
  }, [requested.focus, settings.data]);

  const onChange = async (setting: OrganizationSettingView, value: OrganizationSettingValue) => {
    const name = settingLabel(t, setting.key);
    // A switch that stops people or calls asks first, with what it stops; turning it off asks nothing.
    const stops = organizationSettingDefinition(setting.key)?.stops;
    if (stops && value === true) {
      const yes = await confirmAccessChange(stops, id, {
        title: t('organizations:access.ssoTitle', { setting: name }),
        text: t('organizations:access.ssoText', { name: organization.data?.name ?? '' }),
        confirmLabel: t('organizations:access.ssoConfirm'),
        destructive: true,
      });
      if (!yes) return;
    }
    change.mutate(
      { key: setting.key, value },
      {
        onSuccess: () => notify.success(t('organizations:settings.notices.changed', { setting: name })),
        onError: (err) => {
          const known = isHttpError(err) && i18n.exists(`errors:codes.${err.code}`);
          const failed = t('organizations:settings.notices.failed', { setting: name });
          notify.error(known ? `${failed}. ${errorMessage(err)}` : failed);
        },
      },
    );
  };

  const groups = ORGANIZATION_SETTING_GROUPS.filter((g) => view === 'all' || view === g);
  const selectView = (next: SettingsView) =>
    navigate(localize(paths.organizationSettings(id, next === 'all' ? undefined : next)), { replace: true });

  return (
    <>
      <Breadcrumbs
        items={[
          { label: t('superHome.title'), to: paths.superHome() },
          { label: t('organizations:list.title'), to: paths.organizations() },
          { label: organization.data?.name ?? t('organizations:details.title'), to: paths.organization(id) },
          { label: t('organizations:settings.open') },
        ]}
      />
      <PageHeader
        title={
          organization.data ? t('organizations:settings.heading', { name: organization.data.name }) : t('organizations:settings.title')
        }
        documentTitle={t('organizations:settings.title')}
        intro={t('organizations:settings.intro')}
      />

      {organization.isError && <Alert severity="error">{errorMessage(organization.error, 'organizations:errors.load')}</Alert>}
      {disabled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('organizations:settings.disabledOrganization')}
        </Alert>
      )}
      {!canUpdate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('organizations:settings.readOnly')}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0, md: 3 }} sx={{ alignItems: { md: 'flex-start' } }}>
        {/* Beside the settings on a wide screen, every group in view (nine labels do not fit in a row);
            a row that scrolls on a phone. */}
        <Tabs
          value={view}
          onChange={(_e, next: SettingsView) => selectView(next)}
          orientation={wide ? 'vertical' : 'horizontal'}
          variant={wide ? 'standard' : 'scrollable'}
          scrollButtons={wide ? false : 'auto'}
          allowScrollButtonsMobile={!wide}
          aria-label={t('organizations:settings.sections')}
          sx={
            wide
              ? {
                  flex: 'none',
                  width: 240,
                  borderRight: 1,
                  borderColor: 'divider',
                  '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left', minHeight: 44, px: 2 },
                }
              : { mb: 2, borderBottom: 1, borderColor: 'divider' }
          }
        >
          {VIEWS.map((v) => (
            <Tab key={v} value={v} label={t(`organizations:settings.groups.${v}`)} />
          ))}
        </Tabs>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {view === 'importStatus' ? (
            <ImportStatusPanel organizationId={id} />
          ) : (
            <>
              {listPlaceholder(settings, false, { failedKey: 'organizations:settings.errors.load', empty: '' })}
              {settings.data && (
                <Stack spacing={2} aria-busy={settings.isFetching}>
                  {groups.map((g) => (
                    <Group
                      key={g}
                      organizationId={id}
                      group={g}
                      settings={settings.data.filter((s) => s.group === g)}
                      readOnly={readOnly}
                      pendingKey={change.isPending ? change.variables?.key : undefined}
                      onChange={onChange}
                    />
                  ))}
                </Stack>
              )}
            </>
          )}
        </Box>
      </Stack>
    </>
  );
}
