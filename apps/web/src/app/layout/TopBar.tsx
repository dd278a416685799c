/** Menu button (narrow screens), logo, user-menu button. Transparent at the top; solid once scrolled 10 px or more. */
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

export const SOLID_AT_SCROLL_PX = 10;

export interface TopBarProps {
  signedIn: boolean;
  /** Where the logo leads (English form): the signed-in person's home, else the sign-in page. */
  home: string;
  /** The drawer's button: signed in on a narrow screen (a wide one shows the menu beside the page). */
  menuButton: boolean;
  onOpenMenu: () => void;
  onMenuIntent?: () => void;
}

export function TopBar({ signedIn, home, menuButton, onOpenMenu, onMenuIntent }: TopBarProps) {
  const { t } = useT();
  const { localize } = useLocale();
  // The trigger fires when scrollY is greater than the threshold: 9 means 10 px or more.
  const solid = useScrollTrigger({ disableHysteresis: true, threshold: SOLID_AT_SCROLL_PX - 1 });
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={solid ? 3 : 0}
      data-solid={solid}
      sx={{
        bgcolor: solid ? 'background.paper' : 'transparent',
        transition: 'background-color 200ms, box-shadow 200ms',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {menuButton && (
          <IconButton
            edge="start"
            aria-label={t('topBar.openMenu')}
            onClick={onOpenMenu}
            onPointerEnter={onMenuIntent}
            onFocus={onMenuIntent}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={Link}
          to={localize(home)}
          aria-label={t('topBar.home')}
          // 44 px high, a finger's target, in the bar's height that it does not change.
          sx={{ textDecoration: 'none', display: 'inline-flex', alignItems: 'center', minHeight: 44, borderRadius: 1 }}
        >
          <Logo label={t('appName')} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <UserMenu signedIn={signedIn} />
      </Toolbar>
    </AppBar>
  );
}
