/** The console's mark and name. The mark beats every 750 ms (not for users who ask for reduced motion). */
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

export const LOGO_BEAT_MS = 750;

const beat = keyframes`
  0%, 60%, 100% { transform: scale(1); }
  20% { transform: scale(1.14); }
  40% { transform: scale(0.97); }
`;

/** The mark alone (a play button on the brand's blue square). */
export function LogoMark() {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      data-testid="logo-mark"
      sx={{
        width: 30,
        height: 30,
        flex: 'none',
        animation: `${beat} ${LOGO_BEAT_MS}ms ease-in-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    >
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#1565c0" />
      <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
    </Box>
  );
}

export function Logo({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.2, color: 'text.primary' }}>
        {label}
      </Typography>
    </Box>
  );
}
