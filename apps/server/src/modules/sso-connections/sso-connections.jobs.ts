/**
 * The daily read of SAML connections' metadata from their URLs (a failure keeps the last good
 * copy and is shown on the connection), and the daily notice of trusted certificates about to
 * expire (certificate-expiry.ts).
 */
import type { SsoConnectionJobs } from '../../jobs/job-names.js';
import type { JobDefinitions } from '../../jobs/queue.js';
import type { ModuleContext } from '../../module-context.js';

export function ssoConnectionJobs({ services }: ModuleContext): JobDefinitions<SsoConnectionJobs> {
  return [
    {
      name: 'saml-metadata-refresh',
      // Once a day, at an hour of little sign-in.
      cron: '17 3 * * *',
      retryLimit: 1,
      handler: async () => {
        await services.samlSettings.refreshAll();
      },
    },
    {
      name: 'saml-certificate-expiry',
      // An hour after the metadata's read: a certificate the identity provider's metadata already
      // replaced is gone by then, and is not told. Each notice is kept, so a retry sends none twice.
      cron: '17 4 * * *',
      retryLimit: 1,
      handler: async () => {
        await services.samlCertificateExpiry.noticeAll();
      },
    },
  ];
}
