/**
 * notistack, mounted by NotificationsProvider; colours darker than its defaults for a 4.5:1
 * contrast with white text. Notices sit at the top: a dialog's buttons are at its bottom,
 * and a notice must never cover them. On a phone a notice is as wide as the screen: it
 * sits under the top bar (56 px there), not over its menu and account buttons. A success
 * closes the errors still on screen, which it makes stale ("Could not save" beside "Saved"),
 * but not a notice that persists: that one goes only with its Dismiss button.
 */
import CloseIcon from '@mui/icons-material/Close';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { styled, type Theme } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, type SnackbarKey, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useT } from '../i18n/use-t';
import { attachNotifier, NOTIFY_MS, type Notice } from './notify';

const Content = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#616161' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
}));

const components = { success: Content, info: Content, error: Content, default: Content };

/** On a container of ours (two classes outweigh notistack's one): under the phone's top bar. */
const NOTICES = 'console-notices';
const belowTopBar = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: { [`.notistack-SnackbarContainer.${NOTICES}`]: { top: 60 } },
});

const openErrors = new Set<SnackbarKey>();

function Dismiss({ notice }: { notice: SnackbarKey }) {
  const { t } = useT();
  return (
    <IconButton aria-label={t('notice.dismiss')} color="inherit" onClick={() => closeSnackbar(notice)} sx={{ width: 44, height: 44 }}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

function show({ message, variant, options }: Notice) {
  if (variant === 'success') {
    for (const key of openErrors) closeSnackbar(key);
    openErrors.clear();
  }
  const { persist, ...rest } = options ?? {};
  const key = enqueueSnackbar(message, {
    variant,
    ...rest,
    ...(persist ? { persist: true, action: (notice: SnackbarKey) => <Dismiss notice={notice} /> } : {}),
    onExited: (_node, exited) => void openErrors.delete(exited),
  });
  if (variant === 'error' && !persist) openErrors.add(key);
}

export default function NotificationsHost() {
  useEffect(() => attachNotifier(show), []);
  return (
    <>
      <GlobalStyles styles={belowTopBar} />
      <SnackbarProvider
        autoHideDuration={NOTIFY_MS}
        maxSnack={4}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        classes={{ containerRoot: NOTICES }}
        Components={components}
      />
    </>
  );
}
