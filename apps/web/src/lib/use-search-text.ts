import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_DEBOUNCE_MS, useDebounced } from './use-debounced';

/**
 * A search field whose text lives in the page's address (parameter `name`), so a shared link
 * and the way back keep it. Typed text goes into the address once typing pauses; when the
 * address changes otherwise (Clear, a link, Back) the field follows it, and the old typed
 * text is not written back over it. `q` is the search as the address holds it.
 */
export function useSearchText(name = 'q') {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(name) ?? '';
  const [text, setText] = useState(inAddress);
  const typed = useDebounced(text.trim(), FILTER_DEBOUNCE_MS);
  const known = useRef({ address: inAddress, typed });

  useEffect(() => {
    if (inAddress === known.current.address) return;
    known.current.address = inAddress;
    setText(inAddress);
  }, [inAddress]);

  useEffect(() => {
    if (typed === known.current.typed) return;
    known.current.typed = typed;
    if (typed === known.current.address) return;
    known.current.address = typed;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (typed) next.set(name, typed);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [typed, name, setParams]);

  return { text, setText, q: inAddress };
}
