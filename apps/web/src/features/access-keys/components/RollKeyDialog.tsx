/** Roll a key: a new secret, and how long the old one keeps working. */
import { type GracePeriod, gracePeriods } from '@console/contracts/access-keys';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { AppDialog } from '../../../lib/dialogs/AppDialog';

export function RollKeyDialog({
  name,
  open,
  onClose,
  onRoll,
}: {
  name: string;
  open: boolean;
  onClose: () => void;
  onRoll: (gracePeriod: GracePeriod) => void;
}) {
  const { t } = useT();
  const [grace, setGrace] = useState<GracePeriod>('24h');
  const labelId = useId();
  return (
    <AppDialog
      open={open}
      size="confirm"
      title={t('accessKeys:roll.title', { name })}
      onClose={onClose}
      onSave={() => onRoll(grace)}
      saveLabel={t('accessKeys:roll.confirm')}
    >
      <FormControl>
        <FormLabel id={labelId}>{t('accessKeys:roll.grace')}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={grace} onChange={(e) => setGrace(e.target.value as GracePeriod)}>
          {gracePeriods.map((g) => (
            <FormControlLabel key={g} value={g} control={<Radio />} label={t(`accessKeys:roll.periods.${g}`)} />
          ))}
        </RadioGroup>
      </FormControl>
    </AppDialog>
  );
}
