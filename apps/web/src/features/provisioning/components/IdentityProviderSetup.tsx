/**
 * The set-up steps of the two identity providers customers use most, beside the base URL and
 * tokens they need (docs/product.md, "Provisioning"): Okta's and Microsoft Entra ID's, side by
 * side on a wide screen, one after the other on a phone. The providers' own labels stay as
 * their consoles show them (Okta's in English, Entra's in the reader's language).
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';

/** Brand names: the same in every language. */
const PROVIDERS = [
  { id: 'okta', name: 'Okta' },
  { id: 'entra', name: 'Microsoft Entra ID' },
] as const;
const STEPS = [1, 2, 3, 4, 5] as const;

export function IdentityProviderSetup() {
  const { t } = useT();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3 }}>
      {PROVIDERS.map(({ id, name }) => (
        <Box key={id} sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          <Box component="ol" sx={{ pl: 3, my: 1 }}>
            {STEPS.map((n) => (
              <Typography key={n} component="li" variant="body2" sx={{ mb: 1 }}>
                {t(`provisioning:setup.${id}.step${n}`)}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
