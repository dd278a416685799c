import { z } from 'zod';
import { ssoProvider } from './auth.js';
import { firstPageCalls } from './auth-constants.js';
import { route } from './route.js';

export const publicAppConfig = z.object({
  productName: z.string().describe('The platform name shown in messages'),
  /** Single sign-on providers that are configured: the sign-in page shows their buttons. */
  ssoProviders: z.array(ssoProvider),
  /** Where people who do not use this console use the platform (the account-ready page names it). */
  platformAppUrl: z.string().nullable(),
});
export type PublicAppConfig = z.infer<typeof publicAppConfig>;

/** GET app-config: public facts the web app needs before anyone signs in. */
export const appConfigRoutes = {
  get: route({ ...firstPageCalls.appConfig, response: publicAppConfig }),
};
