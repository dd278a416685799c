import { useEffect } from 'react';

export const TITLE_TEMPLATE = '%s Integrations';

export function pageTitle(title: string): string {
  return TITLE_TEMPLATE.replace('%s', title).trim();
}

/** Sets the document title with the '%s Integrations' template. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
