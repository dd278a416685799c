/** The plan type select of the organization forms (create and edit): the plans of GET organization/planTypes, by name. */
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { errorMessage } from '../../../lib/error-message';
import { usePlanTypes } from '../api/plan-types';

export function PlanTypeField<T extends FieldValues>({
  control,
  name,
  label,
  problem,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** The translated problem of the field, if any. */
  problem?: string;
}) {
  const planTypes = usePlanTypes();
  if (planTypes.isError) return <Alert severity="error">{errorMessage(planTypes.error, 'organizations:errors.loadPlanTypes')}</Alert>;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField {...field} select required fullWidth label={label} error={!!problem} helperText={problem} disabled={!planTypes.data}>
          {(planTypes.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.name}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
