/**
 * Unknown paths: '404 Not Found' / 'This page could not be found'. Anything else that
 * went wrong while loading a page: 'An error occurred' with the status code (500 when
 * unknown). A Home page link, and a Back button that goes to the dashboard.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { useT } from '../../i18n/use-t';
import { isHttpError } from '../../lib/http';
import { usePageTitle } from '../../lib/page-title';

export function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isHttpError(error)) return error.statusCode;
  return 500;
}

export function ErrorPage() {
  const error = useRouteError();
  const { t } = useT();
  const navigate = useNavigate();
  const { localize } = useLocale();
  const status = statusOf(error);
  const notFound = status === 404;
  usePageTitle(notFound ? t('errorPage.notFoundTitle') : t('errorPage.error'));
  if (!notFound) console.error(error);

  return (
    <Box sx={{ textAlign: 'center', py: { xs: 6, sm: 10 }, px: 2 }}>
      {!notFound && (
        <Typography variant="h2" component="p" aria-hidden sx={{ fontWeight: 700, color: 'primary.main' }}>
          {status}
        </Typography>
      )}
      <Typography variant="h4" component="h1" sx={{ mt: 1, fontWeight: 600 }}>
        {notFound ? t('errorPage.notFoundTitle') : t('errorPage.error')}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 1.5 }}>
        {notFound ? t('errorPage.notFound') : t('errorPage.errorHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => navigate(localize('/dashboard'))}>
          {t('errorPage.back')}
        </Button>
        <Button variant="contained" startIcon={<HomeIcon />} component={Link} to={localize('/')}>
          {t('errorPage.home')}
        </Button>
      </Stack>
    </Box>
  );
}
