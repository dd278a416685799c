/**
 * The "since…" both dialogs that resend failed deliveries carry (Enable again, and Resend
 * everything that failed since…): a choice made afresh each time its dialog opens, and the
 * instant it comes to, handed on as ISO text (null: resend nothing, or not a valid instant).
 */
import { useEffect, useRef, useState } from 'react';

export function useResendSince<V>(open: boolean, start: () => V, instantOf: (value: V) => string | null) {
  const [value, setValue] = useState(start);
  const startOnOpen = useRef(start);
  useEffect(() => {
    if (open) setValue(startOnOpen.current());
  }, [open]);
  return { value, setValue, instant: instantOf(value) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local field holds it: the reader's wall clock, to the minute. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value as an instant, if it is one and not in the future. */
export function instantOfLocalInput(value: string): string | null {
  const instant = value ? new Date(value) : null;
  return instant && !Number.isNaN(instant.getTime()) && instant.getTime() <= Date.now() ? instant.toISOString() : null;
}
