/** Public facts the web app needs before anyone signs in. */
import { appConfigRoutes as routes } from '@console/contracts';
import { registerRoute } from '../../http/route.js';
import type { ApiModule } from '../../module-context.js';
import { enabledSsoProviders } from '../auth/sso-config.js';

export const systemPlugin: ApiModule = async (app, { deps: { config } }) => {
  registerRoute(app, routes.get, () => ({
    productName: config.PRODUCT_NAME,
    ssoProviders: enabledSsoProviders(config),
    platformAppUrl: config.PLATFORM_APP_URL ?? null,
  }));
};
