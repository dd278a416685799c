/**
 * Whether the identity provider may change Organizational Admins (off by default). Saved
 * on its own as soon as it is switched: turning it on hands the admins' accounts to the
 * identity provider, so it asks first, with a red button; turning it off protects them
 * again and asks nothing.
 */
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useConfirm } from '../../../lib/dialogs/confirm';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';

export function AdminsSetting({
  managesAdmins,
  onChange,
}: {
  managesAdmins: boolean;
  onChange: (managesAdmins: boolean) => Promise<unknown>;
}) {
  const { t } = useT();
  const confirm = useConfirm();
  const helpId = useId();
  // What is being saved: the switch shows it meanwhile and takes no other change (it stays
  // enabled, so that it keeps the keyboard's focus).
  const [saving, setSaving] = useState<boolean | null>(null);
  const shown = saving ?? managesAdmins;

  async function change(next: boolean) {
    if (saving !== null) return;
    if (next) {
      const yes = await confirm({
        title: t('provisioning:admins.confirmTitle'),
        text: t('provisioning:admins.confirmText'),
        confirmLabel: t('provisioning:admins.confirm'),
        destructive: true,
      });
      if (!yes) return;
    }
    setSaving(next);
    try {
      await onChange(next);
      notify.success(t(next ? 'provisioning:admins.turnedOn' : 'provisioning:admins.turnedOff'));
    } catch (err) {
      notify.error(errorMessage(err, 'provisioning:errors.admins'));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Stack spacing={1.5} sx={{ maxWidth: 720 }}>
      <div>
        <FormControlLabel
          sx={{ mr: 0, alignItems: 'flex-start' }}
          control={
            <Switch
              checked={shown}
              onChange={(e) => void change(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': helpId, 'aria-busy': saving !== null } }}
            />
          }
          label={<Typography sx={{ pt: 1 }}>{t('provisioning:admins.label')}</Typography>}
        />
        <Typography id={helpId} variant="body2" color="textSecondary" sx={{ ml: { xs: 0, sm: 6 } }}>
          {managesAdmins ? t('provisioning:admins.onHelp') : t('provisioning:admins.offHelp')}
        </Typography>
      </div>
      {managesAdmins && (
        <Alert severity="warning" data-testid="admins-managed">
          {t('provisioning:admins.onWarning')}
        </Alert>
      )}
    </Stack>
  );
}
