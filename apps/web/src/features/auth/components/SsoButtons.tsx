/** Single sign-on: a full-page trip to the provider through the server, back to /auth/{provider}/success. */

import type { SsoProvider } from '@console/contracts/auth';
import GoogleIcon from '@mui/icons-material/Google';
import KeyIcon from '@mui/icons-material/Key';
import MicrosoftIcon from '@mui/icons-material/Microsoft';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { REDIRECT_PARAM, ssoReturnTarget } from '../../../lib/redirect';
import { ssoStartUrl } from '../api/sign-in';

const icons = { google: GoogleIcon, microsoft: MicrosoftIcon, oidc: KeyIcon };
const labels = { google: 'auth:signIn.withGoogle', microsoft: 'auth:signIn.withMicrosoft', oidc: 'auth:signIn.withOidc' } as const;

/** `email`: the address already entered, passed to the provider as a login hint. */
export function SsoButtons({ providers, email }: { providers: readonly SsoProvider[]; email?: string }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const { locale } = useLocale();
  if (providers.length === 0) return null;
  const target = ssoReturnTarget(params.get(REDIRECT_PARAM), locale);
  return (
    <Stack spacing={1.5}>
      {providers.map((provider) => {
        const Icon = icons[provider];
        return (
          <Button
            key={provider}
            variant="outlined"
            size="large"
            startIcon={<Icon />}
            onClick={() => window.location.assign(ssoStartUrl(provider, target, email))}
          >
            {t(labels[provider])}
          </Button>
        );
      })}
    </Stack>
  );
}
