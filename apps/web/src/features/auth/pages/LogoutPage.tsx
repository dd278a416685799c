/**
 * /logout (the user menu's Log out asks in place; this page is for a visit by address):
 * asks for confirmation at once; cancelling goes back to where the user was.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { PageHeader } from '../../../lib/PageHeader';
import { useLogout } from '../components/use-logout';

export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const { localize } = useLocale();
  const logout = useLogout();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void logout().then((done) => {
      if (done) return;
      if (window.history.state?.idx > 0) navigate(-1);
      else navigate(localize('/dashboard'), { replace: true });
    });
  });
  return <PageHeader title={t('titles.logout')} />;
}
