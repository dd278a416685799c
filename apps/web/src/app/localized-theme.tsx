/**
 * MUI's own texts in the page's language, set once as the components' defaults rather than
 * on each use: the Autocomplete's Open, Close and Clear buttons (their labels and tooltips),
 * "nothing matches" and "loading". Inside the page frame, so it follows the committed URL's
 * language (route-locale.ts) as the page does.
 */
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { useT } from '../i18n/use-t';

export function LocalizedTheme({ children }: { children: ReactNode }) {
  const { t } = useT();
  const outer = useTheme();
  const openText = t('autocomplete.open');
  const closeText = t('autocomplete.close');
  const clearText = t('autocomplete.clear');
  const noOptionsText = t('autocomplete.noOptions');
  const loadingText = t('autocomplete.loading');
  const theme = useMemo(
    () =>
      createTheme(outer, {
        components: { MuiAutocomplete: { defaultProps: { openText, closeText, clearText, noOptionsText, loadingText } } },
      }),
    [outer, openText, closeText, clearText, noOptionsText, loadingText],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
