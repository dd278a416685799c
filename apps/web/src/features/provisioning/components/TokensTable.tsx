/** The organization's SCIM tokens that still work: what each is, when it was used, until when it works; roll and revoke. */
import type { ScimTokenView } from '@console/contracts/provisioning';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { formatDateTime } from '../../../lib/format';
import { stackedOnPhone } from '../../../lib/stacked-table';

/** How a token is named on screen: its shown characters, never the secret. */
export const tokenName = (token: ScimTokenView) => `${token.prefix}…${token.last4}`;

export function TokensTable({
  tokens,
  onRoll,
  onRevoke,
}: {
  tokens: ScimTokenView[];
  onRoll: (t: ScimTokenView) => void;
  onRevoke: (t: ScimTokenView) => void;
}) {
  const { t } = useT();
  return (
    <Table size="small" aria-label={t('provisioning:tokens.title')} sx={stackedOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>{t('provisioning:tokens.token')}</TableCell>
          <TableCell>{t('provisioning:tokens.created')}</TableCell>
          <TableCell>{t('provisioning:tokens.lastUsed')}</TableCell>
          <TableCell>{t('provisioning:tokens.state')}</TableCell>
          <TableCell align="right">{t('provisioning:tokens.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tokens.map((token) => (
          <TableRow key={token.id} data-token-id={token.id}>
            <TableCell>
              <Box component="code" sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
                {tokenName(token)}
              </Box>
            </TableCell>
            <TableCell data-label={t('provisioning:tokens.created')}>
              {formatDateTime(token.createdAt)}
              <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
                {t('provisioning:tokens.createdBy', { name: token.createdBy ?? t('provisioning:tokens.formerUser') })}
              </Typography>
            </TableCell>
            <TableCell data-label={t('provisioning:tokens.lastUsed')}>
              {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('provisioning:tokens.never')}
            </TableCell>
            <TableCell data-label={t('provisioning:tokens.state')}>
              {token.expiresAt ? (
                <Typography variant="body2" component="span" sx={{ color: 'warning.dark' }}>
                  {t('provisioning:tokens.worksUntil', { date: formatDateTime(token.expiresAt) })}
                </Typography>
              ) : (
                t('provisioning:tokens.works')
              )}
            </TableCell>
            <TableCell align="right" data-actions sx={{ whiteSpace: 'nowrap' }}>
              <Button
                size="small"
                startIcon={<AutorenewIcon />}
                onClick={() => onRoll(token)}
                aria-label={t('provisioning:tokens.rollLabel', { name: tokenName(token) })}
              >
                {t('provisioning:tokens.roll')}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<BlockIcon />}
                onClick={() => onRevoke(token)}
                aria-label={t('provisioning:tokens.revokeLabel', { name: tokenName(token) })}
              >
                {t('provisioning:tokens.revoke')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
