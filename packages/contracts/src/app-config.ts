import { z } from 'zod';

export const publicAppConfig = z.object({
  productName: z.string().describe('The platform name shown in messages'),
  /** Single sign-on providers that are configured: the sign-in page shows their buttons. */
  ssoProviders: z.array(z.enum(['google', 'microsoft', 'oidc'])),
});
export type PublicAppConfig = z.infer<typeof publicAppConfig>;
