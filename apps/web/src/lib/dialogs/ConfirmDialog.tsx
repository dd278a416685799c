/** The confirmation dialog of ConfirmProvider: its own chunk, loaded when the first confirmation is asked. */
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppDialog } from './AppDialog';
import { type ConfirmRequest, Destructive, typedNameMatches } from './confirm';
import { TypeToConfirmField } from './TypeToConfirmField';

export interface ConfirmDialogProps {
  request: ConfirmRequest;
  open: boolean;
  typed: string;
  onType: (typed: string) => void;
  onAnswer: (answer: boolean) => void;
  /** Whether the last answer was yes (where the focus goes once it has closed). */
  confirmed: () => boolean;
}

export function ConfirmDialog({ request, open, typed, onType: setTyped, onAnswer: answer, confirmed }: ConfirmDialogProps) {
  const name = request.typeToConfirm;
  return (
    <Destructive when={!!(request.destructive || name)}>
      <AppDialog
        open={open}
        size="confirm"
        alert
        title={request.title ?? ''}
        onClose={() => answer(false)}
        onSave={() => answer(true)}
        saveLabel={request.confirmLabel}
        closeLabel={request.cancelLabel}
        saveDisabled={name !== undefined && !typedNameMatches(typed, name)}
        returnFocusTo={() => (confirmed() ? request.focusAfterConfirm?.() : null)}
      >
        {(request.text || request.facts?.length || name !== undefined) && (
          <Stack spacing={2}>
            {request.text && <DialogContentText>{request.text}</DialogContentText>}
            {!!request.facts?.length && (
              <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
                {request.facts.map((fact) => (
                  <Typography component="li" variant="body2" key={fact}>
                    {fact}
                  </Typography>
                ))}
              </Box>
            )}
            {name !== undefined && <TypeToConfirmField name={name} value={typed} onChange={setTyped} />}
          </Stack>
        )}
      </AppDialog>
    </Destructive>
  );
}
