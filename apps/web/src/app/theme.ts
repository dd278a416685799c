import { createTheme } from '@mui/material/styles';

const PRIMARY = '#1565c0';

/**
 * A visible focus ring on everything focusable from the keyboard (WCAG 2.2, 2.4.7 "Focus
 * Visible"): MUI's buttons, list items, tabs, checkboxes and switches show only a faint
 * ripple, and links and inputs none. 3 px of the primary colour, 3:1 against the white and
 * pale-grey backgrounds (2.4.13). Mouse clicks get no ring (`:focus-visible`, MUI's
 * `.Mui-focusVisible`); a text field shows it whenever it has the focus, as browsers do.
 */
const focusRing = { outline: `3px solid ${PRIMARY}`, outlineOffset: 2 };

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY },
    secondary: { main: '#5e35b1' },
    // Warning text (a key or token that stops working soon) is `warning.dark`: 5:1 on white and
    // 4.6:1 on the page's grey (MUI's own dark orange, #e65100, is 3.8:1: under WCAG AA).
    warning: { main: '#ed6c02', dark: '#b45309' },
    background: { default: '#f4f6fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiLinearProgress: { defaultProps: { color: 'primary' } },
    MuiCssBaseline: {
      styleOverrides: {
        // Two classes (or an element and a pseudo-class) outweigh ButtonBase's `outline: 0`.
        'a:focus-visible, button:focus-visible, summary:focus-visible, [tabindex="0"]:focus-visible, .MuiButtonBase-root.Mui-focusVisible':
          focusRing,
        // Checkboxes, radios and switches: the ring around the control, not the hidden input.
        '.MuiButtonBase-root.Mui-focusVisible:has(> input)': { ...focusRing, outlineOffset: -2 },
        '.MuiInputBase-root.Mui-focused': { ...focusRing, outlineOffset: 1 },
        // Containers that take the focus only to hold it (a dialog, a menu's list, the main region): no ring.
        '.MuiDialog-container:focus-visible, .MuiMenu-list:focus-visible, .MuiPopover-paper:focus-visible, main[tabindex="-1"]:focus-visible':
          { outline: 'none' },
      },
    },
  },
});
