/** The route tree: the pages of pages.ts in each locale branch, guarded, lazy, with a 404 for the rest. */
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { type Locale, localePrefix, locales } from '../i18n/locales';
import { withChunkReload } from '../lib/chunk-reload';
import { ErrorPage } from './error/ErrorPage';
import { guard, localeLoader } from './guards';
import { AppLayout } from './layout/AppLayout';
import { LogoMark } from './layout/Logo';
import { type PageRoute, pages } from './pages';

function notFound(): never {
  throw data('Not Found', { status: 404 });
}

function pageRoute(page: PageRoute, locale: Locale): RouteObject {
  const load = withChunkReload(page.page);
  const loader = (args: LoaderFunctionArgs) => {
    if (page.exists && !page.exists(args.params)) notFound();
    page.preload?.(args.params, new URL(args.request.url));
    return guard(page.access, locale, args);
  };
  const lazy = async () => ({ Component: (await load()).Component });
  return page.path === '' ? { index: true, loader, lazy } : { path: page.path, loader, lazy };
}

function localeBranch(locale: Locale): RouteObject {
  return {
    id: `locale-${locale}`,
    path: localePrefix(locale) || '/',
    loader: (args) => localeLoader(locale, args),
    element: <AppLayout />,
    children: [
      { errorElement: <ErrorPage />, children: [...pages.map((page) => pageRoute(page, locale)), { path: '*', loader: notFound }] },
    ],
  };
}

/**
 * Before the first page's guards and catalogue are ready: the blue bar, and the mark where
 * the top bar will show it (the first thing a slow phone paints, not a blank page while the
 * session is checked and the page's code loads).
 */
function Booting() {
  return (
    <>
      <LinearProgress aria-label="Loading" sx={{ position: 'fixed', top: 0, left: 0, right: 0 }} />
      <Toolbar>
        <LogoMark />
      </Toolbar>
    </>
  );
}

export function buildRoutes(): RouteObject[] {
  return [{ id: 'root', errorElement: <ErrorPage />, hydrateFallbackElement: <Booting />, children: locales.map(localeBranch) }];
}
