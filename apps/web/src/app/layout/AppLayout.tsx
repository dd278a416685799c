/**
 * The frame of every page: progress bar, top bar, left menu, the page, the revoked-session
 * alert. Signed in on a wide screen, the menu stays beside the page; on a narrow one it is a
 * drawer behind the top bar's menu button.
 */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { localeOfPath } from '../../i18n/locales';
import { RouteLocaleContext } from '../../i18n/route-locale';
import { useT } from '../../i18n/use-t';
import { withChunkReload } from '../../lib/chunk-reload';
import { permissionsOf } from '../../lib/permissions';
import { prefetch } from '../../lib/prefetch';
import { homeOf } from '../../lib/redirect';
import { useSession } from '../../lib/session';
import { LocalizedTheme } from '../localized-theme';
import { NavigationProgress } from './NavigationProgress';
import { SessionRevokedAlert } from './SessionRevokedAlert';
import { TopBar } from './TopBar';

/** The width of the menu beside the page on wide screens. */
export const NAV_WIDTH = 272;

// The menu's code loads with the first signed-in page on a wide screen; on a narrow one, when
// the pointer or the focus reaches the menu button, or at its first click.
const loadLeftMenu = withChunkReload(() => import('./LeftMenu'));
const LeftMenu = lazy(loadLeftMenu);

/** The frame in the language of the committed URL, which stays the old one while a language switch loads. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <RouteLocaleContext value={localeOfPath(pathname)}>
      <LocalizedTheme>
        <Frame />
      </LocalizedTheme>
    </RouteLocaleContext>
  );
}

function Frame() {
  const { t } = useT();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const signedIn = !!session;
  const theme = useTheme();
  // noSsr: the first render already knows the width, so the menu does not appear a frame late.
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const permissions = permissionsOf(session);
  const permanentMenu = signedIn && wide;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          p: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          '&:focus': { top: 8 },
        }}
      >
        {t('topBar.skipToContent')}
      </Box>
      <NavigationProgress />
      <TopBar
        signedIn={signedIn}
        home={session ? homeOf(session) : '/'}
        menuButton={signedIn && !wide}
        onMenuIntent={() => prefetch(loadLeftMenu)}
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
      />
      {signedIn && !wide && menuUsed && (
        <Suspense fallback={null}>
          <LeftMenu open={menuOpen} onClose={() => setMenuOpen(false)} permissions={permissions} />
        </Suspense>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
        {permanentMenu && (
          // The column keeps its width while the menu's code loads, so the page does not move.
          <Box
            sx={{
              width: NAV_WIDTH,
              flex: 'none',
              position: 'sticky',
              top: 64,
              maxHeight: 'calc(100vh - 64px)',
              overflowY: 'auto',
              pt: 2,
            }}
          >
            <Suspense fallback={null}>
              <LeftMenu permanent permissions={permissions} />
            </Suspense>
          </Box>
        )}
        {/* minWidth 0: a wide table scrolls inside the page instead of widening it. */}
        <Container component="main" id="main" tabIndex={-1} maxWidth="lg" sx={{ py: 3, outline: 'none', minWidth: 0 }}>
          <Outlet />
        </Container>
      </Box>
      <SessionRevokedAlert />
    </Box>
  );
}
