/** Who acted, by kind: a person, an access key, a SCIM token, the console itself or the provider's staff, each with its icon. */
import type { EventActorType } from '@console/contracts/events';
import PersonIcon from '@mui/icons-material/Person';
import SettingsIcon from '@mui/icons-material/Settings';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import Chip from '@mui/material/Chip';
import { useT } from '../../../i18n/use-t';

const icons = { user: PersonIcon, access_key: VpnKeyIcon, scim_token: SyncAltIcon, system: SettingsIcon, staff: SupportAgentIcon } as const;

export function ActorType({ type }: { type: EventActorType }) {
  const { t } = useT();
  const Icon = icons[type];
  return <Chip size="small" variant="outlined" icon={<Icon fontSize="small" />} label={t(`auditTrail:actorTypes.${type}`)} />;
}
