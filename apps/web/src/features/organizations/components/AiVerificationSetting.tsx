/**
 * AI verification: a switch with a photo model and a video model, both required while it
 * is on (docs/product.md, "Organization settings"), checked by the contracts' schema as the
 * server checks it. Saved together with its button; turning it off keeps the chosen models.
 */
import {
  type AiVerificationValue,
  aiVerificationValue,
  type OrganizationSettingView,
  VERIFICATION_MODEL_KINDS,
} from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { settingHelp, settingLabel } from '../../../lib/setting-text';
import { fieldError } from '../../../lib/validation';
import { useVerificationModels } from '../api/verification-models';
import { ChangedLine } from './SettingSwitch';

export function AiVerificationSetting(props: {
  setting: OrganizationSettingView;
  readOnly: boolean;
  saving: boolean;
  onSave: (value: AiVerificationValue) => void;
}) {
  const { t } = useT();
  const form = useForm<AiVerificationValue>({
    defaultValues: props.setting.value as AiVerificationValue,
    resolver: zodResolver(aiVerificationValue),
    // The problems show under the model fields; the focus stays on the Save button.
    shouldFocusError: false,
  });
  const { isDirty } = form.formState;
  const enabled = form.watch('enabled');
  const models = useVerificationModels();
  const key = props.setting.key;
  const problem = (message: string | undefined) =>
    message === 'unknown' ? t('organizations:settings.ai.unknown') : fieldError(t, message && 'required');

  const save = form.handleSubmit((value) => props.onSave(value));

  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-setting={key}>
      <Box component="form" noValidate aria-label={settingLabel(t, key)} onSubmit={save}>
        <FormControlLabel
          sx={{ mr: 0 }}
          // The control is the Controller, whose props the label cannot read its switch's `disabled` from.
          disabled={props.readOnly}
          control={
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id={`setting-${key}`}
                  name={field.name}
                  checked={field.value}
                  disabled={props.readOnly}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { 'aria-describedby': `setting-${key}-help` } }}
                />
              )}
            />
          }
          label={settingLabel(t, key)}
        />
        <Typography id={`setting-${key}-help`} variant="body2" color="textSecondary" sx={{ ml: 6 }}>
          {settingHelp(t, key)}
        </Typography>
        {models.isError && (
          <Alert severity="error" sx={{ ml: 6, mt: 1 }}>
            {errorMessage(models.error, 'organizations:settings.ai.loadModels')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ ml: 6, mt: 1.5, mb: 1 }}>
          {VERIFICATION_MODEL_KINDS.map((kind) => (
            <Controller
              key={kind}
              control={form.control}
              name={`${kind}Model`}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  sx={{ minWidth: 220 }}
                  label={t(kind === 'photo' ? 'organizations:settings.ai.photoModel' : 'organizations:settings.ai.videoModel')}
                  required={enabled}
                  name={field.name}
                  value={field.value ?? ''}
                  disabled={props.readOnly || !models.data}
                  error={!!fieldState.error}
                  helperText={problem(fieldState.error?.message)}
                  // No model is null, as the contracts have it. A field's problem goes as soon as it
                  // changes; Save checks them all again.
                  onChange={(e) => {
                    form.clearErrors(field.name);
                    field.onChange(e.target.value || null);
                  }}
                  onBlur={field.onBlur}
                >
                  <MenuItem value="">
                    <em>{t('organizations:settings.ai.none')}</em>
                  </MenuItem>
                  {(models.data?.[kind] ?? []).map((m) => (
                    <MenuItem key={m.id} value={m.id}>
                      {m.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ ml: 6, alignItems: 'center' }}>
          {!props.readOnly && (
            <Button type="submit" variant="contained" size="small" disabled={!isDirty} loading={props.saving}>
              {t('organizations:settings.ai.save')}
            </Button>
          )}
          <ChangedLine setting={props.setting} />
        </Stack>
      </Box>
    </Box>
  );
}
