/** The analytics screen and its dashboard card in jsdom against a scripted API. */
import type { AnalyticsGenerationView, AnalyticsLink } from '@console/contracts/analytics';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { type ApiCall, renderSignedIn, screenPosts } from '../../test/app';
import { refreshInMs } from './api/analytics-reports';
import { formatSize } from './components/report-types';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
});

const expiresAt = () => new Date(Date.now() + 15 * 60_000).toISOString();

function link(prefix: AnalyticsLink['prefix'], day: string, n: number): AnalyticsLink {
  const id = `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
  const name = `${prefix}-${day}.csv`;
  return {
    id,
    name,
    url: `/api/analytics-data-download/files/${id}/${name}?expires=1&signature=sig${n}`,
    prefix,
    generatedAt: `${day}T02:15:00.000Z`,
    sizeBytes: 2048 * n,
    rowCount: 1000 * n,
    expiresAt: expiresAt(),
  };
}

const reports = [
  link('completions', '2026-11-21', 1),
  link('users', '2026-11-21', 2),
  link('skill-progress', '2026-11-21', 3),
  link('completions', '2026-11-20', 4),
];

function generation(status: AnalyticsGenerationView['status']): AnalyticsGenerationView {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    status,
    requestedAt: '2026-11-21T09:00:00.000Z',
    startedAt: status === 'queued' ? null : '2026-11-21T09:00:01.000Z',
    finishedAt: status === 'completed' || status === 'failed' ? '2026-11-21T09:00:05.000Z' : null,
    error: status === 'failed' ? 'disk full' : null,
  };
}

/** The screen at `path` for an Organizational Admin, against the reports above (or the overrides). */
function open(path: string, overrides: Record<string, (call: ApiCall) => { status?: number; body?: unknown } | undefined> = {}) {
  return renderSignedIn(path, {
    api: {
      'GET /api/analytics-data-download': (call) => {
        const prefix = new URLSearchParams(call.path.split('?')[1]).get('prefix');
        return { body: { urls: reports.filter((r) => !prefix || r.prefix === prefix) } };
      },
      'GET /api/analytics-data-download/generations/latest': () => ({ body: { generation: generation('completed') } }),
      ...overrides,
    },
  });
}

const table = () => screen.findByRole('table', { name: 'Reports' });

describe('the analytics screen', () => {
  it('lists the reports with their type, size and download link, and filters them by prefix', async () => {
    const ui = userEvent.setup();
    const { calls, router } = open('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    const rows = within(await table()).getAllByRole('row');
    expect(rows).toHaveLength(5);
    const first = within(rows[1]);
    expect(first.getByText('completions-2026-11-21.csv')).toBeTruthy();
    expect(first.getByText('Completions')).toBeTruthy();
    expect(first.getByText('1,000')).toBeTruthy();
    expect(first.getByText('2 kB')).toBeTruthy();
    const download = first.getByRole('link', { name: 'Download completions-2026-11-21.csv' });
    expect(download.getAttribute('href')).toBe(reports[0].url);
    expect(download.getAttribute('download')).toBe('completions-2026-11-21.csv');

    await ui.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Reports' })).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('users-2026-11-21.csv')).toBeTruthy();
    expect(screen.queryByText('completions-2026-11-21.csv')).toBeNull();
    expect(calls.some((c) => c.path === '/api/analytics-data-download?prefix=users')).toBe(true);
    expect(router.state.location.search).toBe('?prefix=users');
    expect(screen.getByRole('button', { name: 'Users' }).getAttribute('aria-pressed')).toBe('true');

    await ui.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Reports' })).getAllByRole('row')).toHaveLength(5));
  });

  it('says so when there is no report', async () => {
    open('/analytics?prefix=skill-progress', { 'GET /api/analytics-data-download': () => ({ body: { urls: [] } }) });
    expect(await screen.findByText('No report available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skill progress' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('generates now, shows progress while it runs, then a notice and the new list', async () => {
    let state: AnalyticsGenerationView['status'] = 'completed';
    let polls = 0;
    let lists = 0;
    const { calls } = open('/analytics', {
      'POST /api/analytics-data-download': () => {
        state = 'queued';
        return { status: 202, body: { generation: generation('queued') } };
      },
      'GET /api/analytics-data-download/generations/latest': () => {
        if (state !== 'completed' && ++polls >= 2) state = polls >= 3 ? 'completed' : 'running';
        return { body: { generation: generation(state) } };
      },
      'GET /api/analytics-data-download': () => {
        lists++;
        return { body: { urls: reports } };
      },
    });
    await table();
    const button = screen.getByRole('button', { name: 'Generate now' });
    expect(screen.getByText('Last generated 2026-11-21 09:00', { exact: false })).toBeTruthy();
    await userEvent.click(button);
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate now' }).hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('The reports are ready.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screenPosts(calls)).toHaveLength(1);
    // The list was read again once the generation ended.
    await waitFor(() => expect(lists).toBeGreaterThanOrEqual(2));
  });

  it('announces a generation that failed, and says so beside the button', async () => {
    let state: AnalyticsGenerationView['status'] = 'completed';
    open('/analytics', {
      'POST /api/analytics-data-download': () => {
        state = 'running';
        return { status: 202, body: { generation: generation('running') } };
      },
      'GET /api/analytics-data-download/generations/latest': () => {
        const now = state;
        state = 'failed';
        return { body: { generation: generation(now) } };
      },
    });
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Generate now' }));
    expect(await screen.findByText('The reports could not be generated. Try again later.')).toBeTruthy();
    expect(screen.getByText(/^The last generation failed/)).toBeTruthy();
  });

  it('announces a failed request in the user’s language', async () => {
    open('/es/analytics', {
      'POST /api/analytics-data-download': () => ({ status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Unknown error' } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Analíticas' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Generar ahora' }));
    expect(
      await screen.findByText('Algo ha fallado en el servidor. Vuelve a intentarlo dentro de un momento.', { exact: false }),
    ).toBeTruthy();
  });

  it('shows the load failure in the user’s language', async () => {
    open('/fr/analytics', {
      'GET /api/analytics-data-download': () => ({ status: 403, body: { statusCode: 403, code: 'NOT_A_CODE', message: 'nope' } }),
    });
    expect(await screen.findByText('Une erreur s’est produite lors du chargement des rapports statistiques.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Progression des compétences' })).toBeTruthy();
  });

  it('has a dashboard card with the newest report’s date, linking to the screen', async () => {
    open('/pt/dashboard');
    const card = (await screen.findByRole('heading', { name: 'Relatórios de análise' })).closest('.MuiCard-root') as HTMLElement;
    expect(await within(card).findByText('Relatório mais recente: 2026-11-21 02:15', { exact: false })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Abrir Análises' }).getAttribute('href')).toBe('/pt/analytics');
  });
});

describe('analytics helpers', () => {
  it('read the list again a minute before its first link expires, never more often than every 10 s', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    const at = (ms: number) => ({ ...reports[0], expiresAt: new Date(now + ms).toISOString() });
    expect(refreshInMs([at(15 * 60_000), at(5 * 60_000)], now)).toBe(4 * 60_000);
    expect(refreshInMs([at(30_000)], now)).toBe(10_000);
    expect(refreshInMs([], now)).toBe(false);
  });

  it('format sizes in the user’s language', () => {
    expect(formatSize(512, 'en')).toBe('512 byte');
    expect(formatSize(1536, 'fr').replace(/\s/g, ' ')).toBe('1,5 ko');
    expect(formatSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
  });
});
