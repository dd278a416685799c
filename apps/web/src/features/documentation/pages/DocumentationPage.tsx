/**
 * /documentation (docs/product.md, "Documentation"): what the external API needs (an apiKey
 * header and a bearer idToken from the token endpoint), who may use it, a curl example to
 * paste, how to connect an identity provider by SCIM, how to receive and verify webhooks, and
 * the interactive reference.
 */
import { documentationRoutes, EXTERNAL_API_PREFIX } from '@console/contracts/external-api';
import { SCIM_PATH } from '@console/contracts/provisioning';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { apiHref } from '../../../lib/api';
import { CopyButton } from '../../../lib/copy';
import { apiUrl as apiPath } from '../../../lib/http';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { useDocumentationUrl } from '../api/documentation';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Code({ children, label }: { children: string; label: string }) {
  return (
    <Paper variant="outlined" sx={{ position: 'relative', p: 2, pr: 6, bgcolor: 'action.hover', overflowX: 'auto' }}>
      <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre' }} aria-label={label} tabIndex={0}>
        {children}
      </Box>
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <CopyButton value={children} label={label} />
      </Box>
    </Paper>
  );
}

export function curlExample(apiUrl: string): string {
  return [
    "API_KEY='wfk_...'",
    `TOKEN=$(curl -s -X POST '${apiUrl}/auth/token' \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d '{"email":"you@example.com","password":"your password"}' \\`,
    `  | sed -E 's/.*"idToken":"([^"]+)".*/\\1/')`,
    '',
    `curl -s '${apiUrl}/workflows?q=forklift&page=1&limit=20' \\`,
    '  -H "apiKey: $API_KEY" \\',
    '  -H "Authorization: Bearer $TOKEN"',
  ].join('\n');
}

/**
 * A receiver of the console's webhooks in Node.js, verifying each request with the Standard
 * Webhooks library before trusting it. The body is verified as received: parsing and writing
 * it again would change the signed bytes.
 */
export const webhookVerificationExample = [
  '// receiver.mjs, run with: WEBHOOK_SECRET=whsec_... node receiver.mjs',
  "import http from 'node:http';",
  "import { Webhook } from 'standardwebhooks'; // npm install standardwebhooks",
  '',
  "const webhook = new Webhook(process.env.WEBHOOK_SECRET); // 'whsec_...'",
  '',
  'http',
  '  .createServer((req, res) => {',
  '    const chunks = [];',
  "    req.on('data', (chunk) => chunks.push(chunk));",
  "    req.on('end', () => {",
  "      const body = Buffer.concat(chunks).toString('utf8');",
  '      let event;',
  '      try {',
  '        // Checks webhook-id, webhook-timestamp and webhook-signature.',
  '        event = webhook.verify(body, req.headers);',
  '      } catch {',
  '        res.writeHead(400).end();',
  '        return;',
  '      }',
  '      // The body is { type, timestamp, data }: data is the event as the events API shows it.',
  "      // webhook-id is the event's id (data.id): a repeat can be dropped.",
  '      console.log(event.type, event.data.id);',
  '      res.writeHead(204).end();',
  '    });',
  '  })',
  '  .listen(4000); // not 3000, where the console itself runs by default',
].join('\n');

/** The reference in the reader's language where its prose is ours (the server's `?lang=`). */
export function referenceHref(url: string, locale: string): string {
  if (locale === 'en') return url;
  const href = new URL(url, window.location.origin);
  href.searchParams.set('lang', locale);
  return url.startsWith('/') ? `${href.pathname}${href.search}` : href.toString();
}

export function Component() {
  const { t } = useT();
  const { locale, localize } = useLocale();
  const reference = useDocumentationUrl();
  const apiUrl = `${window.location.origin}${apiPath(EXTERNAL_API_PREFIX)}`;
  return (
    <Box sx={{ maxWidth: 900 }}>
      <PageHeader
        title={t('titles.documentation')}
        intro={t('documentation:intro', { eventsPath: apiPath(`${EXTERNAL_API_PREFIX}/events`) })}
      />

      <Section title={t('documentation:apiKey.title')}>
        <Typography>{t('documentation:apiKey.text')}</Typography>
      </Section>
      <Section title={t('documentation:idToken.title')}>
        <Typography sx={{ mb: 1 }}>{t('documentation:idToken.text', { url: `${apiUrl}/auth/token` })}</Typography>
        <Typography>{t('documentation:idToken.bearer')}</Typography>
        <Typography sx={{ mt: 1 }}>{t('documentation:idToken.alone')}</Typography>
      </Section>
      <Section title={t('documentation:roles.title')}>
        <Typography component="ul" sx={{ pl: 3, my: 1 }}>
          <li>{t('documentation:roles.orgAdmin')}</li>
          <li>{t('documentation:roles.workspaceAdmin')}</li>
          <li>{t('documentation:roles.publisher')}</li>
        </Typography>
        <Alert severity="info">{t('documentation:roles.sso')}</Alert>
      </Section>
      <Section title={t('documentation:example.title')}>
        <Typography sx={{ mb: 1 }}>{t('documentation:example.text')}</Typography>
        <Code label={t('documentation:example.copy')}>{curlExample(apiUrl)}</Code>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('documentation:example.limits')}
        </Typography>
      </Section>
      <Section title={t('documentation:provisioning.title')}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('documentation:provisioning.text', { url: `${window.location.origin}${apiPath(SCIM_PATH)}` })}</Typography>
          <Typography component="ul" sx={{ pl: 3, my: 0 }}>
            <li>{t('documentation:provisioning.mapping')}</li>
            <li>{t('documentation:provisioning.deactivation')}</li>
          </Typography>
          <Button component={Link} to={localize(paths.provisioning())} variant="outlined">
            {t('documentation:provisioning.open')}
          </Button>
        </Stack>
      </Section>
      <Section title={t('documentation:webhooks.title')}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('documentation:webhooks.text')}</Typography>
          <Typography component="ul" sx={{ pl: 3, my: 0 }}>
            <li>{t('documentation:webhooks.headers', { headers: 'webhook-id, webhook-timestamp, webhook-signature' })}</li>
            <li>{t('documentation:webhooks.retries')}</li>
            <li>{t('documentation:webhooks.repeats', { idHeader: 'webhook-id' })}</li>
            <li>{t('documentation:webhooks.local', { tunnels: 'ngrok http 3000, cloudflared tunnel --url http://localhost:3000' })}</li>
          </Typography>
          <Typography>{t('documentation:webhooks.example')}</Typography>
          <Box sx={{ alignSelf: 'stretch' }}>
            <Code label={t('documentation:webhooks.copy')}>{webhookVerificationExample}</Code>
          </Box>
          <Button component={Link} to={localize(paths.webhooks())} variant="outlined">
            {t('documentation:webhooks.open')}
          </Button>
        </Stack>
      </Section>
      <Section title={t('documentation:reference.title')}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('documentation:reference.text')}</Typography>
          {reference.isError ? (
            <Alert severity="error">{t('documentation:reference.failed')}</Alert>
          ) : (
            <Button
              variant="contained"
              endIcon={<OpenInNewIcon />}
              href={referenceHref(reference.data ?? apiHref(documentationRoutes.reference, {}), locale)}
              target="_blank"
              rel="noopener"
            >
              {t('documentation:reference.open')}
            </Button>
          )}
        </Stack>
      </Section>
    </Box>
  );
}
