/**
 * A setting that is a number of days between bounds (how long the organization's events are
 * kept: docs/product.md, "Organization settings"), checked by the contracts' rule as the
 * server checks it, and saved with its button. Read-only staff see the field disabled under
 * the page's line saying why.
 */
import { daysValue, type OrganizationSettingView, organizationSettingDefinition } from '@console/contracts/organizations';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { settingHelp, settingLabel } from '../../../lib/setting-text';
import { fieldError } from '../../../lib/validation';
import { ChangedLine } from './SettingSwitch';

/** The problem of the typed text as a message code: required, or the contracts' tooShort, tooLong, invalid. */
function problemOf(text: string, bounds: { min: number; max: number }): string | undefined {
  if (text.trim() === '') return 'required';
  const days = Number(text.trim());
  if (!Number.isFinite(days)) return 'invalid';
  const checked = daysValue(bounds).safeParse(days);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

export function DaysSetting(props: {
  setting: OrganizationSettingView;
  readOnly: boolean;
  saving: boolean;
  onSave: (days: number) => void;
}) {
  const { t } = useT();
  const { key } = props.setting;
  const def = organizationSettingDefinition(key);
  const bounds = def?.type === 'days' ? def : { min: 1, max: Number.MAX_SAFE_INTEGER };
  const form = useForm<{ days: string }>({ defaultValues: { days: String(props.setting.value) }, shouldFocusError: false });
  const message = (code: string | undefined) =>
    code === 'required' ? fieldError(t, code) : code ? t(`organizations:settings.retention.${code as 'invalid'}`) : undefined;
  const save = form.handleSubmit(({ days }) => props.onSave(Number(days.trim())));

  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-setting={key}>
      <Box component="form" noValidate aria-label={settingLabel(t, key)} onSubmit={save}>
        <Controller
          control={form.control}
          name="days"
          rules={{ validate: (text) => problemOf(text, bounds) ?? true }}
          render={({ field, fieldState }) => (
            <TextField
              id={`setting-${key}`}
              label={settingLabel(t, key)}
              size="small"
              sx={{ maxWidth: 560 }}
              fullWidth
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              disabled={props.readOnly}
              required
              error={!!fieldState.error}
              // The explanation, or in its place what is wrong with the typed value.
              helperText={message(fieldState.error?.message) ?? settingHelp(t, key)}
              onChange={(e) => {
                form.clearErrors(field.name);
                field.onChange(e.target.value);
              }}
              onBlur={field.onBlur}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
                input: { endAdornment: <InputAdornment position="end">{t('organizations:settings.retention.unit')}</InputAdornment> },
                // The explanation stays readable (and of enough contrast) while the field is disabled.
                formHelperText: { disabled: false },
              }}
            />
          )}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {!props.readOnly && (
            <Button type="submit" variant="contained" size="small" disabled={!form.formState.isDirty} loading={props.saving}>
              {t('organizations:settings.retention.save')}
            </Button>
          )}
          <ChangedLine setting={props.setting} />
        </Stack>
      </Box>
    </Box>
  );
}
