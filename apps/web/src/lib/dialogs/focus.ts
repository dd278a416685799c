/**
 * Where the keyboard's focus goes when a dialog or an inline panel closes (WCAG 2.4.3, focus
 * order; decision 046): back to what opened it. When that has gone with its list item (a key
 * deleted, an import removed), to the same control of the item that took its place, else of
 * the item before it, else to the page's main region: never the top of the page.
 *
 * A list item is a table row, a list's `li`, or an element marked `data-list-item` (a key's
 * row group). A dialog can close before the list has dropped the item it removed, so the
 * control given the focus back is watched until the item goes or the focus moves on.
 */
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';

const ITEM = '[data-list-item], tr, li';

/** A control's list item: the element marked as one (a row group), else its row or `li`. */
function itemOf(control: Element): Element | null {
  return control.closest('[data-list-item]') ?? control.closest('tr, li');
}
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** How long a control given the focus back is watched for its item's removal. */
const WATCH_MS = 30_000;

function focusables(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** Nothing has the focus, or what had it has left the page, or it is inside `closed` (a dialog about to go). */
export function focusIsLost(closed?: Element | null): boolean {
  const current = document.activeElement;
  return !current || current === document.body || !current.isConnected || !!closed?.contains(current);
}

/** Where a control is: its list item, that item's neighbours, and which of the item's controls it is. */
interface Place {
  control: HTMLElement;
  /** The neighbours in the order they are tried: those after the item first, nearest first, then those before. */
  neighbours: Element[];
  index: number;
}

function placeOf(control: HTMLElement): Place {
  const item = itemOf(control);
  const siblings = item?.parentElement ? Array.from(item.parentElement.children).filter((e) => e.matches(ITEM)) : [];
  const at = item ? siblings.indexOf(item) : -1;
  return {
    control,
    neighbours: at < 0 ? [] : [...siblings.slice(at + 1), ...siblings.slice(0, at).reverse()],
    index: item ? Math.max(0, focusables(item).indexOf(control)) : 0,
  };
}

/** Focuses the place's control, else the same control of the nearest neighbour still on the page, else the main region. */
function focusPlace({ control, neighbours, index }: Place): void {
  const neighbour = neighbours
    .filter((item) => item.isConnected)
    .map(focusables)
    .find((controls) => controls.length > 0);
  const target = control.isConnected
    ? control
    : neighbour
      ? neighbour[Math.min(index, neighbour.length - 1)]
      : document.getElementById('main');
  target?.focus();
}

let stopWatching: () => void = () => undefined;

/**
 * Watches `control`: when its list item leaves the page while the focus is lost (it was inside
 * the item), the focus goes to the same control of a neighbour. Stops once that is done, when
 * the focus moves elsewhere, or after WATCH_MS.
 */
export function keepFocusNear(control: HTMLElement): void {
  // One control watched at a time: the latest is where the person is working.
  stopWatching();
  const place = placeOf(control);
  const item = itemOf(control) ?? control;
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    clearTimeout(timer);
    if (stopWatching === stop) stopWatching = () => undefined;
  };
  stopWatching = stop;
  const onFocusIn = (event: FocusEvent) => {
    if (!(event.target instanceof Node) || !item.contains(event.target)) stop();
  };
  const observer = new MutationObserver(() => {
    if (control.isConnected) return;
    stop();
    if (focusIsLost()) focusPlace(place);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  const timer = setTimeout(stop, WATCH_MS);
}

/** Gives the focus back to `control` (or near it, when it has gone), and keeps it near while its item may still go. */
export function returnFocusTo(control: HTMLElement): void {
  focusPlace(placeOf(control));
  if (control.isConnected && document.activeElement === control) keepFocusNear(control);
}

/**
 * The element that had the focus when `open` turned true, and a function that gives the
 * focus back to it (or near it) if the focus is lost. A layout effect of the parent runs
 * before a dialog's focus trap (a passive effect) moves the focus.
 */
export function useFocusReturn(open: boolean): (closed?: Element) => void {
  const trigger = useRef<HTMLElement | null>(null);
  const place = useRef<Place | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    trigger.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    place.current = trigger.current && placeOf(trigger.current);
  }, [open]);
  /** `closed`: the dialog's element, about to go; focus left inside it is lost too. */
  return useCallback((closed?: Element) => {
    const target = place.current;
    trigger.current = null;
    place.current = null;
    if (!target || !focusIsLost(closed)) return;
    focusPlace(target);
    if (target.control.isConnected && document.activeElement === target.control) keepFocusNear(target.control);
  }, []);
}

/**
 * For a panel inside the page (an inline confirmation or form): once `open` turns false, the
 * focus goes back to `opener` (the button that opens the panel: a field of the panel may
 * have taken the focus before any effect could see who had it), or near it if it has gone.
 */
export function useFocusReturnOnClose(open: boolean, opener: RefObject<HTMLElement | null>): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && opener.current && focusIsLost()) returnFocusTo(opener.current);
    wasOpen.current = open;
  }, [open, opener]);
}
