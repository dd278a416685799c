/**
 * `const confirm = useConfirm(); if (await confirm({ title, text })) ...`: one
 * confirmation dialog for the whole app, answered through a promise.
 *
 * A destructive request (`destructive: true`) has a red confirm button; an irreversible one
 * also names what it destroys (`typeToConfirm: organization.name`), and its confirm button
 * enables only once that name is typed, as GitHub and Vercel ask before deleting for good.
 * Dialogs that confirm inside their own form (the client key's) use the same pieces:
 * `Destructive` and `TypeToConfirmField`.
 */
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t';
import { AppDialog } from './AppDialog';

export interface ConfirmRequest {
  title: string;
  text?: string;
  /** What the action stops or changes, one line each (counts, say), listed under the text. */
  facts?: string[];
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button: the action removes or ends something. */
  destructive?: boolean;
  /** Irreversible: the confirm button enables once this (a name) is typed. Implies destructive. */
  typeToConfirm?: string;
  /** Once confirmed and closed, the focus goes here rather than back to the button that asked (which the action may remove). */
  focusAfterConfirm?: () => HTMLElement | null | undefined;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

/** Whether what was typed names the thing to destroy: the same text, spaces around it aside. */
export const typedNameMatches = (typed: string, name: string) => typed.trim() === name.trim();

/**
 * Makes the dialog inside it destructive: its confirm button is red. The dialog's own
 * buttons are not ours to change (AppDialog), but its confirm button takes the theme's
 * default colour and its Cancel an explicit one, so a default of `error` here reds only
 * the confirm button (the theme reaches through the dialog's portal).
 */
export function Destructive({ when = true, children }: { when?: boolean; children: ReactNode }) {
  const outer = useTheme();
  const theme = useMemo(
    () => (when ? createTheme(outer, { components: { MuiButton: { defaultProps: { color: 'error' } } } }) : outer),
    [when, outer],
  );
  // Always a provider, so that turning it on or off never remounts the dialog.
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/**
 * "Type {name} to confirm": the field an irreversible action asks to fill in. The
 * instruction is a label above the field (it wraps on a phone; a field's floating label
 * would cut a long name). In a dialog it takes the focus as the dialog's first field
 * (AppDialog); a confirmation inside the page asks for it with `autoFocus`.
 */
export function TypeToConfirmField({
  name,
  value,
  onChange,
  autoFocus,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <Stack spacing={0.75}>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('dialog.typeToConfirm', { name })}
      </Typography>
      <TextField
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        fullWidth
        size="small"
        autoFocus={autoFocus}
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
    </Stack>
  );
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The last request stays while its dialog fades out; `open` says whether it is asked.
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const resolver = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setTyped('');
    setRequest(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const confirmed = useRef(false);
  const answer = (value: boolean) => {
    confirmed.current = value;
    resolver.current?.(value);
    resolver.current = undefined;
    setOpen(false);
  };

  const name = request?.typeToConfirm;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Destructive when={!!(request?.destructive || name)}>
        <AppDialog
          open={open}
          size="confirm"
          alert
          title={request?.title ?? ''}
          onClose={() => answer(false)}
          onSave={() => answer(true)}
          saveLabel={request?.confirmLabel}
          closeLabel={request?.cancelLabel}
          saveDisabled={name !== undefined && !typedNameMatches(typed, name)}
          returnFocusTo={() => (confirmed.current ? request?.focusAfterConfirm?.() : null)}
        >
          {(request?.text || request?.facts?.length || name !== undefined) && (
            <Stack spacing={2}>
              {request?.text && <DialogContentText>{request.text}</DialogContentText>}
              {!!request?.facts?.length && (
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
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
