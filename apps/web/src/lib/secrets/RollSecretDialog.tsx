/** Roll a secret (an access key, a SCIM token, a webhook's signing secret): a new one, and how long the old one keeps working. */
import { type GracePeriod, gracePeriods } from '@console/contracts/access-keys';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { AppDialog } from '../dialogs/AppDialog';

export interface RollSecretTexts {
  title: string;
  /** What rolling does, above the choice of grace period. */
  explain?: string;
  grace: string;
  confirm: string;
  period: (g: GracePeriod) => string;
}

export function RollSecretDialog({
  open,
  texts,
  onClose,
  onRoll,
}: {
  open: boolean;
  texts: RollSecretTexts;
  onClose: () => void;
  onRoll: (gracePeriod: GracePeriod) => void;
}) {
  const [grace, setGrace] = useState<GracePeriod>('24h');
  const labelId = useId();
  return (
    <AppDialog open={open} size="confirm" title={texts.title} onClose={onClose} onSave={() => onRoll(grace)} saveLabel={texts.confirm}>
      {texts.explain && <DialogContentText sx={{ mb: 2 }}>{texts.explain}</DialogContentText>}
      <FormControl>
        <FormLabel id={labelId}>{texts.grace}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={grace} onChange={(e) => setGrace(e.target.value as GracePeriod)}>
          {gracePeriods.map((g) => (
            <FormControlLabel key={g} value={g} control={<Radio />} label={texts.period(g)} />
          ))}
        </RadioGroup>
      </FormControl>
    </AppDialog>
  );
}
