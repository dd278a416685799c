/** notistack, mounted by NotificationsProvider; colours darker than its defaults for a 4.5:1 contrast with white text. */
import { styled } from '@mui/material/styles';
import { enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachNotifier, NOTIFY_MS } from './notify';

const Content = styled(MaterialDesignContent)(() => ({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#616161' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
}));

const components = { success: Content, info: Content, error: Content, default: Content };

export default function NotificationsHost() {
  useEffect(() => attachNotifier(({ message, variant, options }) => void enqueueSnackbar(message, { variant, ...options })), []);
  return (
    <SnackbarProvider
      autoHideDuration={NOTIFY_MS}
      maxSnack={4}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={components}
    />
  );
}
