/** Which single sign-on providers this server offers: those whose settings are configured. */
import type { SsoProvider } from '@console/contracts';
import type { Config } from '../../config.js';

export interface SsoProviderSettings {
  provider: SsoProvider;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export function ssoProviderSettings(config: Config): SsoProviderSettings[] {
  const list: SsoProviderSettings[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    list.push({
      provider: 'google',
      issuer: config.GOOGLE_ISSUER_URL,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
    });
  }
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET && config.MICROSOFT_TENANT) {
    list.push({
      provider: 'microsoft',
      issuer: `https://login.microsoftonline.com/${config.MICROSOFT_TENANT}/v2.0`,
      clientId: config.MICROSOFT_CLIENT_ID,
      clientSecret: config.MICROSOFT_CLIENT_SECRET,
    });
  }
  if (config.OIDC_ISSUER_URL && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    list.push({
      provider: 'oidc',
      issuer: config.OIDC_ISSUER_URL,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
    });
  }
  return list;
}

export function enabledSsoProviders(config: Config): SsoProvider[] {
  return ssoProviderSettings(config).map((s) => s.provider);
}
