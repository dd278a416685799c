/**
 * The real app sending its e-mails to an SMTP peer of the test's own (smtp-peer.ts):
 *   const t = await createMailTestApp({ rejectRecipients: ['bounce@example.com'], config: { … } });
 *   ... t.smtp.messages[0].subject
 * `close()` stops both.
 */
import { startSmtpPeer } from './smtp-peer.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The console's address and product name, as the e-mails' links and subjects are checked against. */
export const MAIL_BRANDING = { PUBLIC_URL: 'https://console.example.com', PRODUCT_NAME: 'Acme Learn' } as const;

export interface MailTestApp extends TestApp {
  smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
}

export async function createMailTestApp(
  options: NonNullable<Parameters<typeof createTestApp>[0]> & { rejectRecipients?: string[] } = {},
): Promise<MailTestApp> {
  const { rejectRecipients, ...appOptions } = options;
  const smtp = await startSmtpPeer({ rejectRecipients });
  const t = await createTestApp({ ...appOptions, config: { SMTP_URL: smtp.url, ...appOptions.config } });
  return {
    ...t,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
