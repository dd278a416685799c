/**
 * A searcher (docs/product.md, "Workflow imports": organization, workspace and author searchers): a combo box
 * whose options the server filters by what is typed (300 ms after the last key stroke).
 */
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { useDebounced } from '../../../lib/use-debounced';

export interface OptionsResult<T> {
  data?: T[];
  isFetching: boolean;
  error: unknown;
}

export interface SearchFieldProps<T extends { id: string }, C> {
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  onBlur?: () => void;
  /** The options for the typed text: a query hook (module-level), called on every render with `context`. */
  useOptions: (q: string, context: C) => OptionsResult<T>;
  context: C;
  getLabel: (option: T) => string;
  /** A second line under an option (e-mail, group, privacy). */
  describe?: (option: T) => ReactNode;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** Shown when the options cannot be loaded. */
  loadError: string;
}

export function SearchField<T extends { id: string }, C>(props: SearchFieldProps<T, C>) {
  const { t } = useT();
  const [input, setInput] = useState('');
  // While the chosen option's label is in the box, every option is offered again.
  const typed = props.value && input === props.getLabel(props.value) ? '' : input.trim();
  const q = useDebounced(typed);
  const options = props.useOptions(q, props.context);
  const loadFailed = options.error ? errorMessage(options.error, props.loadError) : undefined;
  return (
    <Autocomplete<T>
      value={props.value}
      onChange={(_, value) => props.onChange(value)}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onBlur={props.onBlur}
      options={options.data ?? []}
      filterOptions={(list) => list}
      getOptionLabel={props.getLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={options.isFetching}
      disabled={props.disabled}
      renderOption={({ key, ...itemProps }, option) => (
        <li key={option.id} {...itemProps}>
          <div>
            <div>{props.getLabel(option)}</div>
            {props.describe && (
              <Typography variant="body2" color="textSecondary">
                {props.describe(option)}
              </Typography>
            )}
          </div>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required
          placeholder={t('workflowImports:search')}
          error={!!props.error || !!loadFailed}
          helperText={props.error ?? loadFailed ?? props.helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching && <CircularProgress color="inherit" size={18} aria-hidden />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
