/** Which single sign-on providers this server offers: those whose settings are configured. */
import type { SsoProvider } from '@console/contracts';
import type { Config } from '../../config.js';

export function enabledSsoProviders(_config: Config): SsoProvider[] {
  // OpenID Connect sign-in is not wired yet: no provider is offered.
  return [];
}
