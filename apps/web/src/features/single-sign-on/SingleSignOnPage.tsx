/**
 * /single-sign-on (docs/product.md, "Single sign-on"): the organization's single sign-on, a
 * plain stack of sections: its verified domains first, which the connections route by, then the connections.
 */
import Stack from '@mui/material/Stack';
import { useT } from '../../i18n/use-t';
import { PageHeader } from '../../lib/PageHeader';
import { ConnectionsSection } from './ConnectionsSection';
import { DomainsSection } from './components/DomainsSection';

export function Component() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('titles.singleSignOn')} intro={t('singleSignOn:intro')} />
      <Stack spacing={3}>
        <DomainsSection />
        <ConnectionsSection />
      </Stack>
    </>
  );
}
