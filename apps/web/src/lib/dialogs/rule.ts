/**
 * Decision 046, when Escape closes a dialog: always, unless the dialog holds something that
 * would be lost. Text typed into a field is (a form, a type-to-confirm name); a search or
 * filter is not (typed again in a second), nor a choice among options (a radio, a switch).
 * A secret not yet copied is, which only its dialog knows (`persistent`).
 */

const TEXT_ENTRY_TYPES = new Set(['text', 'email', 'password', 'tel', 'url', 'number', '']);

/** Whether typing into this element writes something worth keeping: a text field or a text area, not a search. */
export function isTypedInput(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (!(target instanceof HTMLInputElement) || target.readOnly) return false;
  if (!TEXT_ENTRY_TYPES.has(target.getAttribute('type') ?? '')) return false;
  // An autocomplete's field searches among options: what is chosen is kept, not the text.
  return target.getAttribute('role') !== 'combobox';
}

export function closesOnEscape({ persistent = false, typed }: { persistent?: boolean; typed: boolean }): boolean {
  return !persistent && !typed;
}

/** The first field where text is typed, for the focus when a dialog or an inline confirmation opens. */
export function firstTypedInput(root: Element): HTMLElement | null {
  for (const el of root.querySelectorAll<HTMLElement>('input, textarea')) {
    if (isTypedInput(el) && !(el as HTMLInputElement).disabled) return el;
  }
  return null;
}
