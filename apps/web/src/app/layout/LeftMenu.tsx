/**
 * The navigation, read from menu.ts; each entry only for those who may use its screen. On wide screens it
 * stays beside the page (`permanent`); on narrow ones it is the spec's drawer, opened by the
 * top bar's menu button.
 */
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { NavLink } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import type { Permissions } from '../../lib/permissions';
import { menu, visibleMenu } from '../menu';
import { prefetchPage } from '../pages';
import { Logo } from './Logo';

export interface LeftMenuProps {
  permissions: Permissions;
  /** Beside the page on wide screens, or the drawer (`open`, `onClose`) on narrow ones. */
  permanent?: boolean;
  open?: boolean;
  onClose?: () => void;
}

export default function LeftMenu({ open = false, onClose, permissions, permanent = false }: LeftMenuProps) {
  const { t } = useT();
  if (permanent) return <MenuLinks permissions={permissions} />;
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': t('nav.label') } }}>
      <Box sx={{ width: 260 }}>
        <Toolbar>
          <Logo label={t('appName')} />
        </Toolbar>
        <MenuLinks permissions={permissions} onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}

function MenuLinks({ permissions, onNavigate }: { permissions: Permissions; onNavigate?: () => void }) {
  const { t } = useT();
  const { localize } = useLocale();
  return (
    <Box component="nav" aria-label={t('nav.label')}>
      <List sx={{ px: 1 }}>
        {visibleMenu(menu, permissions).map((entry) => {
          const to = localize(entry.to);
          const Icon = entry.icon;
          return (
            <ListItem key={entry.to} disablePadding sx={{ mb: 0.25 }}>
              <ListItemButton
                component={NavLink}
                to={to}
                onClick={onNavigate}
                onMouseEnter={() => prefetchPage(to)}
                onFocus={() => prefetchPage(to)}
                sx={{
                  borderRadius: 1.5,
                  px: 1.5,
                  // The text keeps its colour (contrast on the grey selection); the icon marks the page.
                  '&.active': { bgcolor: 'action.selected', '& .MuiListItemIcon-root': { color: 'primary.main' } },
                  '&.active .MuiListItemText-primary': { fontWeight: 600 },
                }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={t(entry.label)} sx={{ overflowWrap: 'break-word' }} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
