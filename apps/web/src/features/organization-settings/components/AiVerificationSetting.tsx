/**
 * AI verification: a switch with a photo model and a video model, both required while it
 * is on (spec section 5), checked by the contracts' schema as the server checks it. Saved
 * together with its button; turning it off keeps the chosen models.
 */
import {
  type AiVerificationValue,
  aiVerificationValue,
  type OrganizationSettingView,
  VERIFICATION_MODEL_KINDS,
  type VerificationModelKind,
} from '@console/contracts/organization-settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { useVerificationModels } from '../api/list-verification-models';
import { ChangedLine } from './SettingSwitch';
import { settingHelp, settingLabel } from './setting-text';

type Problems = Partial<Record<VerificationModelKind, 'required' | 'unknown'>>;

export function AiVerificationSetting(props: {
  setting: OrganizationSettingView;
  readOnly: boolean;
  saving: boolean;
  onSave: (value: AiVerificationValue) => void;
}) {
  const { t } = useT();
  const saved = props.setting.value as AiVerificationValue;
  const [draft, setDraft] = useState<AiVerificationValue>(saved);
  const [problems, setProblems] = useState<Problems>({});
  const models = useVerificationModels();
  const dirty = draft.enabled !== saved.enabled || draft.photoModel !== saved.photoModel || draft.videoModel !== saved.videoModel;
  const key = props.setting.key;

  const save = () => {
    const checked = aiVerificationValue.safeParse(draft);
    if (!checked.success) {
      const found: Problems = {};
      for (const issue of checked.error.issues) {
        const kind = String(issue.path[0]).replace('Model', '') as VerificationModelKind;
        found[kind] = issue.message === 'unknown' ? 'unknown' : 'required';
      }
      setProblems(found);
      return;
    }
    setProblems({});
    props.onSave(checked.data);
  };

  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }} data-setting={key}>
      <Box
        component="form"
        noValidate
        aria-label={settingLabel(t, key)}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              id={`setting-${key}`}
              checked={draft.enabled}
              disabled={props.readOnly}
              onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
              slotProps={{ input: { 'aria-describedby': `setting-${key}-help` } }}
            />
          }
          label={settingLabel(t, key)}
        />
        <Typography id={`setting-${key}-help`} variant="body2" color="text.secondary" sx={{ ml: 6 }}>
          {settingHelp(t, key)}
        </Typography>
        {models.isError && (
          <Alert severity="error" sx={{ ml: 6, mt: 1 }}>
            {errorMessage(models.error, 'orgSettings:ai.loadModels')}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ ml: 6, mt: 1.5, mb: 1 }}>
          {VERIFICATION_MODEL_KINDS.map((kind) => {
            const field = `${kind}Model` as const;
            const problem = problems[kind];
            return (
              <TextField
                key={kind}
                select
                size="small"
                sx={{ minWidth: 220 }}
                label={t(kind === 'photo' ? 'orgSettings:ai.photoModel' : 'orgSettings:ai.videoModel')}
                required={draft.enabled}
                value={draft[field] ?? ''}
                disabled={props.readOnly || !models.data}
                error={!!problem}
                helperText={problem ? t(problem === 'unknown' ? 'orgSettings:ai.unknown' : 'orgSettings:ai.required') : undefined}
                onChange={(e) => {
                  setDraft({ ...draft, [field]: e.target.value || null });
                  setProblems({ ...problems, [kind]: undefined });
                }}
              >
                <MenuItem value="">
                  <em>{t('orgSettings:ai.none')}</em>
                </MenuItem>
                {(models.data?.[kind] ?? []).map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.name}
                  </MenuItem>
                ))}
              </TextField>
            );
          })}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ ml: 6, alignItems: 'center' }}>
          {!props.readOnly && (
            <Button type="submit" variant="contained" size="small" disabled={!dirty} loading={props.saving}>
              {t('orgSettings:ai.save')}
            </Button>
          )}
          <ChangedLine setting={props.setting} />
        </Stack>
      </Box>
    </Box>
  );
}
