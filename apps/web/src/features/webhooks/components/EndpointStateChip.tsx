/** An endpoint's state as a chip: enabled, disabled, or disabled after failing for days (outlined: filled colours fail contrast). */
import Chip from '@mui/material/Chip';
import { useT } from '../../../i18n/use-t';
import type { EndpointState } from '../endpoint-view';

const colors = { enabled: 'success', disabled: 'default', failing: 'error' } as const;

export function EndpointStateChip({ state }: { state: EndpointState }) {
  const { t } = useT();
  return <Chip size="small" variant="outlined" color={colors[state]} label={t(`webhooks:state.${state}`)} data-state={state} />;
}
