/** The navigation drawer, read from menu.ts; staff-only entries only for staff. */
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
import { menu, visibleMenu } from '../menu';
import { prefetchPage } from '../pages';
import { Logo } from './Logo';

export default function LeftMenu({ open, onClose, isStaff }: { open: boolean; onClose: () => void; isStaff: boolean }) {
  const { t } = useT();
  const { localize } = useLocale();
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': t('nav.label') } }}>
      <Box sx={{ width: 260 }}>
        <Toolbar>
          <Logo label={t('appName')} />
        </Toolbar>
        <Box component="nav" aria-label={t('nav.label')}>
          <List>
            {visibleMenu(menu, isStaff).map((entry) => {
              const to = localize(entry.to);
              const Icon = entry.icon;
              return (
                <ListItem key={entry.to} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={to}
                    onClick={onClose}
                    onMouseEnter={() => prefetchPage(to)}
                    onFocus={() => prefetchPage(to)}
                    sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
                  >
                    <ListItemIcon>
                      <Icon />
                    </ListItemIcon>
                    <ListItemText primary={t(entry.label)} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Box>
      </Box>
    </Drawer>
  );
}
