/** / (and /es, /fr, /pt): the home and sign-in page. */
import { useT } from '../../../i18n/use-t';
import { useAppConfig } from '../../../lib/app-config';
import { usePageTitle } from '../../../lib/page-title';
import { SignInForm } from '../components/SignInForm';
import { AuthCard } from './AuthCard';

export function Component() {
  const { t } = useT();
  const config = useAppConfig();
  usePageTitle(t('titles.signIn'));
  return (
    <AuthCard title={t('auth:signIn.title')} subtitle={t('auth:signIn.subtitle', { product: config.productName })}>
      <SignInForm ssoProviders={config.ssoProviders} />
    </AuthCard>
  );
}
