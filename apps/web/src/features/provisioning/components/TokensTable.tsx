/** The organization's SCIM tokens that still work: each one's name and shown characters, when it was used, until when it works; rename, roll and revoke. */
import type { ScimTokenView } from '@console/contracts/provisioning';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
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

/** The characters of a token that are shown (never the secret): what tells two tokens of one name apart, as after a roll. */
export const shownCharacters = (token: ScimTokenView) => `${token.prefix}…${token.last4}`;

export function TokensTable({
  tokens,
  onRename,
  onRoll,
  onRevoke,
}: {
  tokens: ScimTokenView[];
  onRename: (t: ScimTokenView) => void;
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
          <TableRow
            key={token.id}
            data-token-id={token.id}
            // Focusable by script only: where the focus goes once the new token's one-time dialog closes.
            tabIndex={-1}
            sx={{ '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 } }}
          >
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {token.name}
              </Typography>
              <Box component="code" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
                {shownCharacters(token)}
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
                startIcon={<EditIcon />}
                onClick={() => onRename(token)}
                aria-label={t('provisioning:tokens.renameLabel', { name: token.name })}
              >
                {t('provisioning:tokens.rename')}
              </Button>
              <Button
                size="small"
                startIcon={<AutorenewIcon />}
                onClick={() => onRoll(token)}
                aria-label={t('provisioning:tokens.rollLabel', { name: token.name })}
              >
                {t('provisioning:tokens.roll')}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<BlockIcon />}
                onClick={() => onRevoke(token)}
                aria-label={t('provisioning:tokens.revokeLabel', { name: token.name })}
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
