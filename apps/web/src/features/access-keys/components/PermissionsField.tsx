/**
 * What a key may do in the integration API (docs/decisions/069-access-key-permissions-and-integrations.md):
 * full access, or per area none, read or write. Each area is a native select (a phone's own
 * picker), two to a line from tablet width, one on a phone. Choosing "per area" starts from
 * the areas chosen before, or none.
 */
import {
  type AccessKeyAreaLevels,
  type AccessKeyPermissions,
  type AccessLevel,
  accessKeyAreas,
  accessLevels,
  NO_AREAS,
} from '@console/contracts/access-key-permissions';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useRef } from 'react';
import { useT } from '../../../i18n/use-t';

export function PermissionsField({ value, onChange }: { value: AccessKeyPermissions; onChange: (value: AccessKeyPermissions) => void }) {
  const { t } = useT();
  const legend = useId();
  // The areas last chosen, so that "Full access" and back does not lose them.
  const lastChosen = useRef<AccessKeyAreaLevels>(value === 'full' ? NO_AREAS : value);
  if (value !== 'full') lastChosen.current = value;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={legend}>
        {t('accessKeys:permissions.legend')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legend}
        value={value === 'full' ? 'full' : 'chosen'}
        onChange={(event) => onChange(event.target.value === 'full' ? 'full' : lastChosen.current)}
      >
        <FormControlLabel value="full" control={<Radio />} label={t('accessKeys:permissions.full')} />
        <FormControlLabel value="chosen" control={<Radio />} label={t('accessKeys:permissions.chosen')} />
      </RadioGroup>
      <FormHelperText sx={{ mx: 0 }}>
        {value === 'full' ? t('accessKeys:permissions.fullHint') : t('accessKeys:permissions.chosenHint')}
      </FormHelperText>
      {value !== 'full' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 2 }}>
          {accessKeyAreas.map((area) => (
            <TextField
              key={area}
              select
              size="small"
              label={t(`accessKeys:permissions.areas.${area}`)}
              value={value[area]}
              onChange={(event) => onChange({ ...value, [area]: event.target.value as AccessLevel })}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {accessLevels.map((level) => (
                <option key={level} value={level}>
                  {t(`accessKeys:permissions.levels.${level}`)}
                </option>
              ))}
            </TextField>
          ))}
        </Box>
      )}
    </FormControl>
  );
}

/** The key's permissions in a line: "Full access", or the areas it may use with their levels. */
export function usePermissionsSummary() {
  const { t } = useT();
  return (permissions: AccessKeyPermissions): string => {
    if (permissions === 'full') return t('accessKeys:permissions.summaryFull');
    const granted = accessKeyAreas.filter((area) => permissions[area] !== 'none');
    if (granted.length === 0) return t('accessKeys:permissions.summaryNone');
    return t('accessKeys:permissions.summary', {
      list: granted
        .map((area) =>
          t('accessKeys:permissions.item', {
            area: t(`accessKeys:permissions.areas.${area}`),
            level: t(`accessKeys:permissions.levelNames.${permissions[area]}`),
          }),
        )
        .join(' · '),
    });
  };
}
