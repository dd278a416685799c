/**
 * The right menu's popup (loaded on first use; UserMenu.tsx is its button). Signed in: name and e-mail, language, logout. Signed out: language and
 * help. Language opens a second page of the menu with a Back item.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import HelpIcon from '@mui/icons-material/Help';
import LogoutIcon from '@mui/icons-material/Logout';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { saveOwnLocale } from '../../features/auth/api/own-locale';
import { useLogout } from '../../features/auth/components/use-logout';
import { localeNames, locales } from '../../i18n/locales';
import { useLocale, useSwitchLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { useSession } from '../../lib/session';

export interface UserMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  signedIn: boolean;
  onClose: () => void;
  onHelp: () => void;
}

export default function UserMenuPopup({ id, anchor, signedIn, onClose, onHelp }: UserMenuPopupProps) {
  const { t } = useT();
  const session = useSession();
  const logout = useLogout();
  const { locale } = useLocale();
  const switchLocale = useSwitchLocale();
  const [view, setView] = useState<'main' | 'language'>('main');
  const [returned, setReturned] = useState(false);

  const close = () => {
    onClose();
    setView('main');
    setReturned(false);
  };

  const mainItems = [
    signedIn && session && (
      <Box key="who" sx={{ px: 2, py: 1, maxWidth: 280 }} data-testid="user-menu-identity">
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {session.displayName}
        </Typography>
        {session.email && (
          <Typography variant="body2" color="textSecondary" noWrap>
            {session.email}
          </Typography>
        )}
      </Box>
    ),
    signedIn && <Divider key="divider" />,
    // After Back, the focus returns to this item (keys and Escape keep working in the menu).
    <MenuItem key="language" autoFocus={returned} onClick={() => setView('language')}>
      <ListItemIcon>
        <TranslateIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t('userMenu.language')} secondary={localeNames[locale]} />
    </MenuItem>,
    signedIn ? (
      <MenuItem
        key="logout"
        onClick={() => {
          close();
          void logout();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('userMenu.logout')} />
      </MenuItem>
    ) : (
      <MenuItem
        key="help"
        onClick={() => {
          close();
          onHelp();
        }}
      >
        <ListItemIcon>
          <HelpIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('userMenu.help')} />
      </MenuItem>
    ),
  ];

  const languageItems = [
    <MenuItem
      key="back"
      onClick={() => {
        setReturned(true);
        setView('main');
      }}
    >
      <ListItemIcon>
        <ArrowBackIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t('userMenu.back')} />
    </MenuItem>,
    <Divider key="divider" />,
    ...locales.map((option) => (
      <MenuItem
        key={option}
        lang={option}
        role="menuitemradio"
        aria-checked={option === locale}
        selected={option === locale}
        autoFocus={option === locale}
        onClick={() => {
          close();
          if (option === locale) return;
          switchLocale(option);
          if (signedIn) saveOwnLocale(option);
        }}
      >
        <ListItemIcon>{option === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText primary={localeNames[option]} />
      </MenuItem>
    )),
  ];

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={!!anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240 } } }}
    >
      {view === 'main' ? mainItems.filter(Boolean) : languageItems}
    </Menu>
  );
}
