/** The frame of every page: progress bar, top bar, left menu, the page, the revoked-session alert. */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
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

export function AppLayout({ children }: { children?: React.ReactNode }) {
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
        {children ?? <Outlet />}
      </Container>
      <SessionRevokedAlert />
    </Box>
  );
}
