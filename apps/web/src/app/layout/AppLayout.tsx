/** The frame of every page: progress bar, top bar, left menu, the page, the revoked-session alert. */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { localeOfPath } from '../../i18n/locales';
import { RouteLocaleContext } from '../../i18n/route-locale';
import { useT } from '../../i18n/use-t';
import { withChunkReload } from '../../lib/chunk-reload';
import { prefetch } from '../../lib/prefetch';
import { isStaffSession, useSession } from '../../lib/session';
import { NavigationProgress } from './NavigationProgress';
import { SessionRevokedAlert } from './SessionRevokedAlert';
import { TopBar } from './TopBar';

// The drawer's code loads when the pointer or the focus reaches the menu button, or at its first click.
const loadLeftMenu = withChunkReload(() => import('./LeftMenu'));
const LeftMenu = lazy(loadLeftMenu);

/** The frame in the language of the committed URL, which stays the old one while a language switch loads. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <RouteLocaleContext value={localeOfPath(pathname)}>
      <Frame />
    </RouteLocaleContext>
  );
}

function Frame() {
  const { t } = useT();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const signedIn = !!session;
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
        onMenuIntent={() => prefetch(loadLeftMenu)}
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
      />
      {session && menuUsed && (
        <Suspense fallback={null}>
          <LeftMenu open={menuOpen} onClose={() => setMenuOpen(false)} isStaff={isStaffSession(session)} />
        </Suspense>
      )}
      <Container component="main" id="main" tabIndex={-1} maxWidth="lg" sx={{ py: 3, outline: 'none' }}>
        <Outlet />
      </Container>
      <SessionRevokedAlert />
    </Box>
  );
}
