/**
 * Roll a secret (an access key, a SCIM token, a webhook's signing secret) with a grace period:
 * how long the old one keeps working (now, 1 hour, 24 hours, 7 days), then the roll itself,
 * said in a notice, and the new secret handed on to be revealed once.
 */
import { type GracePeriod, gracePeriods } from '@console/contracts/access-keys';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { AppDialog } from '../dialogs/AppDialog';
import { errorMessage } from '../error-message';
import { notify } from '../notify';

export interface RollSecretTexts {
  title: string;
  /** What rolling does, above the choice of grace period. */
  explain?: string;
  grace: string;
  confirm: string;
  period: (g: GracePeriod) => string;
  /** The notice of a roll done. */
  rolled: string;
  /** The catalogue key of a failed roll's notice, for errors without a text of their own. */
  failedKey: string;
}

export interface RollSecretProps {
  open: boolean;
  onClose: () => void;
  /** Rolls the secret with the grace period chosen, to the new secret. */
  roll: (gracePeriod: GracePeriod) => Promise<string>;
  /** The new secret, to reveal. */
  onRolled: (secret: string) => void;
}

export function RollSecretDialog({ open, texts, onClose, roll, onRolled }: RollSecretProps & { texts: RollSecretTexts }) {
  const [grace, setGrace] = useState<GracePeriod>('24h');
  const labelId = useId();
  const rollNow = async () => {
    onClose();
    try {
      const secret = await roll(grace);
      notify.success(texts.rolled);
      onRolled(secret);
    } catch (err) {
      notify.error(errorMessage(err, texts.failedKey));
    }
  };
  return (
    <AppDialog open={open} size="confirm" title={texts.title} onClose={onClose} onSave={rollNow} saveLabel={texts.confirm}>
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
