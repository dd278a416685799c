/**
 * /auth/invitation/ready: where an activation ends (decision 049). The account is ready; the
 * person signs in to the platform's app, not this console, which is for administrators: at
 * their organization's address, which the activation answered (else PLATFORM_APP_URL, from
 * app-config). Reloaded, it says the same without the e-mail, at the installation's address.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { AuthCard } from '../pages/AuthCard';

export function AccountReady() {
  const { t } = useT();
  const config = useAppConfig();
  const { productName } = config;
  const state = useLocation().state as { email?: unknown; appUrl?: unknown } | null;
  const email = state?.email;
  // The activation's answer already fell back to the installation's address: null there means neither is set.
  const platformAppUrl = state && (typeof state.appUrl === 'string' || state.appUrl === null) ? state.appUrl : config.platformAppUrl;
  const product = { product: productName };

  return (
    <AuthCard title={t('auth:activation.readyTitle')}>
      <Stack spacing={2}>
        {/* A long address breaks rather than runs out of the card on a phone. */}
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {typeof email === 'string' ? t('auth:activation.ready', { ...product, email }) : t('auth:activation.readyNoEmail', product)}
        </Alert>
        {platformAppUrl ? (
          <>
            <Typography>
              {t('auth:activation.appAddress')}{' '}
              <Link href={platformAppUrl} sx={{ overflowWrap: 'anywhere' }}>
                {platformAppUrl}
              </Link>
            </Typography>
            <Button href={platformAppUrl} variant="contained" size="large">
              {t('auth:activation.openApp', product)}
            </Button>
          </>
        ) : (
          <Typography>{t('auth:activation.noAppAddress', product)}</Typography>
        )}
        <Typography variant="body2" color="textSecondary">
          {t('auth:activation.notThisConsole')}
        </Typography>
      </Stack>
    </AuthCard>
  );
}
