/** One on/off setting: a labelled switch, its explanation where it needs one, and when it was last changed. */
import type { OrganizationSettingView } from '@console/contracts/organizations';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { settingHelp, settingLabel } from '../../../lib/setting-text';

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

export function SettingSwitch(props: { setting: OrganizationSettingView; readOnly: boolean; onChange: (value: boolean) => void }) {
  const { t } = useT();
  const { setting } = props;
  const help = settingHelp(t, setting.key);
  const helpId = `setting-${setting.key}-help`;
  return (
    <Stack component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-setting={setting.key}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            id={`setting-${setting.key}`}
            checked={setting.value === true}
            disabled={props.readOnly}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': help ? helpId : undefined } }}
          />
        }
        label={settingLabel(t, setting.key)}
      />
      {help && (
        <Typography id={helpId} variant="body2" color="textSecondary" sx={{ ml: 6 }}>
          {help}
        </Typography>
      )}
      <Stack sx={{ ml: 6 }}>
        <ChangedLine setting={setting} />
      </Stack>
    </Stack>
  );
}
