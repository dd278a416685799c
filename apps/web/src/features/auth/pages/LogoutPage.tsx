/**
 * /logout (the user menu's Log out asks in place; this page is for a visit by address):
 * asks for confirmation at once; cancelling goes back to where the user was.
 */
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { usePageTitle } from '../../../lib/page-title';
import { useLogout } from '../components/use-logout';

export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const { localize } = useLocale();
  const logout = useLogout();
  const asked = useRef(false);
  usePageTitle(t('titles.logout'));

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void logout().then((done) => {
      if (done) return;
      if (window.history.state?.idx > 0) navigate(-1);
      else navigate(localize('/dashboard'), { replace: true });
    });
  });
  return (
    <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
      {t('titles.logout')}
    </Typography>
  );
}
