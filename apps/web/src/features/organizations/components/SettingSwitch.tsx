/** One on/off setting: a labelled switch, its explanation where it needs one, and when it was last changed. */
import { type OrganizationSettingView, SSO_LOGIN_ONLY_SETTING } from '@console/contracts/organizations';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { settingHelp, settingLabel } from '../../../lib/setting-text';
import { useSsoLoginOnlyAvailable } from '../api/organization-settings';

export function ChangedLine({ setting }: { setting: OrganizationSettingView }) {
  const { t } = useT();
  const date = setting.updatedAt ? formatDateTime(setting.updatedAt) : '';
  const text = setting.isDefault
    ? t('organizations:settings.default')
    : setting.updatedBy
      ? t('organizations:settings.changedBy', { date, name: setting.updatedBy.displayName })
      : t('organizations:settings.changed', { date });
  return (
    <Typography variant="caption" color="textSecondary">
      {text}
    </Typography>
  );
}

/**
 * Why a switch that is off cannot be turned on here, said under it: "SSO login only" while the
 * organization has no enabled single sign-on connection that someone has signed in through
 * would leave nobody able to sign in (the server refuses it too); the organization's
 * connections are a link away. Turning it off stays possible.
 */
function useUnavailable(organizationId: string, setting: OrganizationSettingView): string | undefined {
  const { t } = useT();
  const available = useSsoLoginOnlyAvailable(organizationId);
  if (setting.key === SSO_LOGIN_ONLY_SETTING && setting.value !== true && available === false) {
    return t('organizations:settings.ssoUnavailable');
  }
  return undefined;
}

export function SettingSwitch(props: {
  organizationId: string;
  setting: OrganizationSettingView;
  readOnly: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useT();
  const { localize } = useLocale();
  const { setting } = props;
  const help = settingHelp(t, setting.key);
  const unavailable = useUnavailable(props.organizationId, setting);
  const helpId = `setting-${setting.key}-help`;
  const unavailableId = `setting-${setting.key}-unavailable`;
  const describedBy = [help && helpId, unavailable && unavailableId].filter(Boolean).join(' ') || undefined;
  return (
    <Stack component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-setting={setting.key}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            id={`setting-${setting.key}`}
            checked={setting.value === true}
            disabled={props.readOnly || unavailable !== undefined}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': describedBy } }}
          />
        }
        label={settingLabel(t, setting.key)}
      />
      {help && (
        <Typography id={helpId} variant="body2" color="textSecondary" sx={{ ml: 6 }}>
          {help}
        </Typography>
      )}
      {unavailable && (
        <Typography id={unavailableId} variant="body2" sx={{ ml: 6, color: 'warning.dark' }}>
          {unavailable}{' '}
          <Link component={RouterLink} to={`${localize(paths.organization(props.organizationId))}#organization-sso-connections`}>
            {t('organizations:settings.ssoUnavailableLink')}
          </Link>
        </Typography>
      )}
      <Stack sx={{ ml: 6 }}>
        <ChangedLine setting={setting} />
      </Stack>
    </Stack>
  );
}
