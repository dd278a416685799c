/**
 * `const confirm = useConfirm(); if (await confirm({ title, text })) ...`: one
 * confirmation dialog for the whole app, answered through a promise.
 */
import DialogContentText from '@mui/material/DialogContentText';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { AppDialog } from './AppDialog';

export interface ConfirmRequest {
  title: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<(answer: boolean) => void>(undefined);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = undefined;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AppDialog
        open={!!request}
        size="confirm"
        alert
        title={request?.title ?? ''}
        onClose={() => answer(false)}
        onSave={() => answer(true)}
        saveLabel={request?.confirmLabel}
        closeLabel={request?.cancelLabel}
      >
        {request?.text && <DialogContentText>{request.text}</DialogContentText>}
      </AppDialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
