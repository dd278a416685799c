/**
 * One key of the table, its own row group: idle, editing (the form in a row under it) or
 * removing (the confirmation there, the key's name typed first). When the form or the
 * confirmation closes, the focus goes back to the button that opened it; when the key is
 * deleted, to the same button of the key that takes its place (lib/dialogs/focus.ts).
 */
import type { AccessKeyBody, AccessKeyView } from '@console/contracts/access-keys';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { typedNameMatches } from '../../../lib/dialogs/confirm';
import { keepFocusNear, useFocusReturnOnClose } from '../../../lib/dialogs/focus';
import { closesOnEscape } from '../../../lib/dialogs/rule';
import { TypeToConfirmField } from '../../../lib/dialogs/TypeToConfirmField';
import { formatDateTime } from '../../../lib/format';
import type { RowMode } from '../row-state';
import { AccessKeyForm } from './AccessKeyForm';
import { COLUMNS } from './AccessKeysTable';
import { usePermissionsSummary } from './PermissionsField';

export interface AccessKeyRowProps {
  accessKey: AccessKeyView;
  mode: RowMode;
  onToggle: (mode: Exclude<RowMode, 'idle'>) => void;
  onSave: (values: AccessKeyBody) => Promise<unknown>;
  onRemove: () => void;
  onRoll: () => void;
  now?: number;
}

export function AccessKeyRow({ accessKey: k, mode, onToggle, onSave, onRemove, onRoll, now = Date.now() }: AccessKeyRowProps) {
  const { t } = useT();
  const permissionsOf = usePermissionsSummary();
  const previousWorks = k.previousKeyExpiresAt && Date.parse(k.previousKeyExpiresAt) > now;
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  useFocusReturnOnClose(mode === 'editing', editButton);
  useFocusReturnOnClose(mode === 'removing', deleteButton);
  return (
    <TableBody
      aria-label={k.name}
      data-mode={mode}
      data-list-item
      data-key-id={k.id}
      // Focusable by script only: where the focus goes once the new key's one-time dialog closes.
      tabIndex={-1}
      sx={{ '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: -3 } }}
    >
      <TableRow>
        <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
          <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
            {k.name}
          </Box>
          <Typography variant="body2" component="span" sx={{ display: 'block', whiteSpace: 'pre-line', color: 'text.secondary' }}>
            {k.description}
          </Typography>
          <Typography variant="body2" component="span" data-permissions sx={{ display: 'block', mt: 0.5 }}>
            {permissionsOf(k.permissions)}
          </Typography>
          <Typography variant="body2" component="span" data-acts-alone={k.actsAlone} sx={{ display: 'block' }}>
            {t(k.actsAlone ? 'accessKeys:actsAlone.on' : 'accessKeys:actsAlone.off')}
          </Typography>
        </TableCell>
        <TableCell data-label={t('accessKeys:row.key')}>
          <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            {k.keyPrefix}…{k.keyLast4}
          </Box>
          {previousWorks && (
            <Typography variant="body2" component="span" sx={{ display: 'block', color: 'warning.dark' }}>
              {t('accessKeys:row.previousUntil', { date: formatDateTime(k.previousKeyExpiresAt) })}
            </Typography>
          )}
        </TableCell>
        <TableCell data-label={t('accessKeys:columns.activity')}>
          {t('accessKeys:row.created', {
            date: formatDateTime(k.createdAt),
            name: k.createdBy?.displayName ?? t('accessKeys:row.unknownUser'),
          })}
          {' · '}
          {k.lastUsedAt ? t('accessKeys:row.lastUsed', { date: formatDateTime(k.lastUsedAt) }) : t('accessKeys:row.neverUsed')}
        </TableCell>
        <TableCell align="right" data-actions sx={{ whiteSpace: 'nowrap' }}>
          <Button
            ref={editButton}
            size="small"
            startIcon={<EditIcon />}
            aria-pressed={mode === 'editing'}
            onClick={() => onToggle('editing')}
          >
            {t('accessKeys:row.edit')}
          </Button>
          <Button size="small" startIcon={<AutorenewIcon />} onClick={onRoll}>
            {t('accessKeys:row.roll')}
          </Button>
          <Button
            ref={deleteButton}
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            aria-pressed={mode === 'removing'}
            onClick={() => onToggle('removing')}
          >
            {t('accessKeys:row.delete')}
          </Button>
        </TableCell>
      </TableRow>
      {mode !== 'idle' && (
        <TableRow>
          <TableCell colSpan={COLUMNS} sx={{ pb: 2 }}>
            {mode === 'editing' ? (
              <AccessKeyForm
                label={t('accessKeys:form.editTitle', { name: k.name })}
                initial={{ name: k.name, description: k.description, permissions: k.permissions, actsAlone: k.actsAlone }}
                submitLabel={t('dialog.save')}
                onSubmit={onSave}
                onCancel={() => onToggle('editing')}
              />
            ) : (
              <RemoveConfirmation
                name={k.name}
                onCancel={() => onToggle('removing')}
                onRemove={() => {
                  // The row goes once the list is read again: the focus then goes to the next key's Delete.
                  if (deleteButton.current) keepFocusNear(deleteButton.current);
                  onRemove();
                }}
              />
            )}
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}

/**
 * The row's inline confirmation: deleting is irreversible, so the key's name is typed first
 * (lib/dialogs/confirm.tsx); its field has the focus. Escape cancels it as a dialog's would,
 * until something is typed (decision 046).
 */
function RemoveConfirmation({ name, onCancel, onRemove }: { name: string; onCancel: () => void; onRemove: () => void }) {
  const { t } = useT();
  const [typed, setTyped] = useState('');
  return (
    <Alert
      severity="error"
      sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
      role="alert"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && closesOnEscape({ typed: typed !== '' })) onCancel();
      }}
    >
      <Stack spacing={1.5}>
        <span>{t('accessKeys:remove.question', { name })}</span>
        <TypeToConfirmField name={name} value={typed} onChange={setTyped} autoFocus />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button color="inherit" size="small" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button color="error" variant="contained" size="small" disabled={!typedNameMatches(typed, name)} onClick={onRemove}>
            {t('accessKeys:remove.confirm')}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
