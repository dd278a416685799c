/**
 * The document title: the spec's template '%s Integrations', with the product's name in the
 * page's language ("Tableau de bord Intégrations", "Panel Integraciones"), as the top bar
 * shows it.
 */
import { useEffect } from 'react';
import { useT } from '../i18n/use-t';

export const TITLE_TEMPLATE = '%s Integrations';

export function pageTitle(title: string, appName = 'Integrations'): string {
  return TITLE_TEMPLATE.replace('%s', title).replace('Integrations', appName).trim();
}

/** Sets the document title with the template, in the page's language. */
export function usePageTitle(title: string): void {
  const { t } = useT();
  const appName = t('appName');
  useEffect(() => {
    document.title = pageTitle(title, appName);
  }, [title, appName]);
}
