import { createTheme } from '@mui/material/styles';

const PRIMARY = '#1565c0';

/**
 * A visible focus ring on everything focusable from the keyboard (WCAG 2.2, 2.4.7 "Focus
 * Visible"): MUI's buttons, list items, tabs, checkboxes and switches show only a faint
 * ripple, and links and inputs none. 3 px of the primary colour, 3:1 against the white and
 * pale-grey backgrounds (2.4.13). Mouse clicks get no ring (`:focus-visible`, MUI's
 * `.Mui-focusVisible`); a text field shows it whenever it has the focus, as browsers do.
 * An outlined text field's ring is its own border, 3 px: an outline around the field would
 * cross its floating label, which sits in a gap of that border.
 */
const focusRing = { outline: `3px solid ${PRIMARY}`, outlineOffset: 2 };

/**
 * Phones and touch screens: every button, icon button, checkbox, radio, switch, chip that acts and
 * small field (a filter's select or search box) is at least 44 px high (icon buttons 44 px wide too), the
 * touch target WCAG 2.5.5 and Apple ask for. MUI's small buttons are 30 px, its small icon
 * buttons 34 px and its small fields 40 px, too small for a finger.
 */
const touchScreens = '@media (max-width: 599.95px), (pointer: coarse)';

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
        '.MuiInputBase-root.Mui-focused:not(.MuiOutlinedInput-root)': { ...focusRing, outlineOffset: 1 },
        // Four classes outweigh the field's own 2 px focused border (three); its colour stays (red in error).
        '.MuiOutlinedInput-root.MuiInputBase-root.Mui-focused .MuiOutlinedInput-notchedOutline': { borderWidth: 3 },
        [touchScreens]: {
          '.MuiButton-root, .MuiIconButton-root, .MuiToggleButton-root': { minHeight: 44 },
          '.MuiIconButton-root': { minWidth: 44 },
          // Two classes: the checkbox's and radio's own padding (9 px, 42 px in all) has one and comes later.
          '.MuiButtonBase-root.MuiCheckbox-root, .MuiButtonBase-root.MuiRadio-root': { padding: 10 },
          // A switch (38 px) is 44 px high: 3 px more around its track, and its thumb's target 44 px.
          '.MuiSwitch-root.MuiSwitch-sizeMedium': { height: 44, width: 64, padding: 15 },
          '.MuiSwitch-sizeMedium .MuiButtonBase-root.MuiSwitch-switchBase': { padding: 12 },
          // A chip that does something (removes a filter, chooses one) is a button too.
          '.MuiChip-root.MuiChip-clickable, .MuiChip-root.MuiChip-deletable': { minHeight: 44, borderRadius: 22 },
          // 2 px more above and below the text: the field itself (a select's too) is what a finger touches.
          '.MuiOutlinedInput-root.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline) .MuiInputBase-input': {
            paddingTop: 10.5,
            paddingBottom: 10.5,
          },
          // The empty field's label stays in the middle of the taller field.
          '.MuiInputLabel-outlined.MuiInputLabel-sizeSmall:not(.MuiInputLabel-shrink)': { transform: 'translate(14px, 11px) scale(1)' },
        },
        // A long address or file name in a dialog's title or text breaks rather than running out of the dialog.
        '.MuiDialogTitle-root, .MuiDialogContent-root': { overflowWrap: 'break-word' },
        // Containers that take the focus only to hold it (a dialog, a menu's list, the main region): no ring.
        '.MuiDialog-container:focus-visible, .MuiMenu-list:focus-visible, .MuiPopover-paper:focus-visible, main[tabindex="-1"]:focus-visible':
          { outline: 'none' },
      },
    },
  },
});
