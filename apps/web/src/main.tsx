import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { listenForPreloadErrors } from './lib/chunk-reload';

listenForPreloadErrors();
void initI18n().then(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition: React renders the first page in slices of a few milliseconds, yielding to
  // the browser between them, instead of one long task that holds a slow phone's main
  // thread (Lighthouse's total blocking time, bench/README.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
