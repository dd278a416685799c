/**
 * The select of a form's language among the four the console writes in (an organization's,
 * an invited manager's). Each language names itself, in its own `lang`, as the language
 * menu does, so that a reader finds theirs whatever the page's language.
 */
import { contentLocales } from '@console/contracts/locales';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { localeNames } from '../i18n/locales';

export function LocaleField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  helperText: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField {...field} select fullWidth label={label} helperText={helperText}>
          {contentLocales.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {localeNames[l]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
