/**
 * The organization settings screen in jsdom against a scripted API (docs/product.md,
 * "Organization settings"): switches in their groups, a change with its green notice, a
 * refused change rolled back with its red one, AI verification's required models, read-only
 * staff, the settings-part paths, the import status, and French.
 */
import {
  type ImportStatusView,
  ORGANIZATION_SETTINGS,
  type OrganizationSettingDefinition,
  type OrganizationSettingView,
  type OrganizationView,
  VERIFICATION_MODELS,
} from '@console/contracts/organizations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, type Persona, renderSignedIn } from '../../test/app';
import { anOrganization } from '../../test/organizations';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ORG_ID = '00000000-0000-4000-8000-000000000007';
const where = (router: ReturnType<typeof renderSignedIn>['router']) => router.state.location.pathname + router.state.location.search;

const organization = anOrganization(7, { name: 'Acme Manufacturing', planType: 'Enterprise', clientKey: 'acme', workspacesCount: 2 });

function defaults(): OrganizationSettingView[] {
  return (ORGANIZATION_SETTINGS as OrganizationSettingDefinition[]).map((d) => ({
    key: d.key,
    group: d.group,
    type: d.type,
    value: d.default,
    isDefault: true,
    updatedAt: null,
    updatedBy: null,
  }));
}

type Refusal = { status: number; body: unknown };

/** Opens `path` against a server that keeps the settings it is sent, unless `refuse` says otherwise. */
function settingsApi(
  path: string,
  opts: {
    as?: Persona;
    org?: OrganizationView;
    counts?: typeof accessCounts;
    refuse?: (call: ApiCall) => Promise<Refusal | undefined> | Refusal | undefined;
    /** Whether the organization has an enabled connection someone signed in through ("SSO login only" needs one). */
    ssoLoginOnlyAvailable?: boolean;
    /** Switches already on. */
    on?: string[];
  } = {},
) {
  let settings = defaults().map((s) => (opts.on?.includes(s.key) ? { ...s, value: true, isDefault: false } : s));
  const change = (key: string) => async (call: ApiCall) => {
    const refusal = await opts.refuse?.(call);
    if (refusal) return refusal;
    const updated = {
      ...settings.find((s) => s.key === key)!,
      value: (call.body as { value: OrganizationSettingView['value'] }).value,
      isDefault: false,
      updatedAt: '2026-11-23T10:00:00.000Z',
      updatedBy: { id: ORG_ID, displayName: 'Sam Staff' },
    };
    settings = settings.map((s) => (s.key === updated.key ? updated : s));
    return { body: { setting: updated } };
  };
  return renderSignedIn(path, {
    as: opts.as ?? 'staff',
    api: {
      [`GET /api/organization/${ORG_ID}`]: () => ({ body: { organization: opts.org ?? organization } }),
      [`GET /api/organization/${ORG_ID}/settings`]: () => ({
        body: { settings, ssoLoginOnlyAvailable: opts.ssoLoginOnlyAvailable ?? true },
      }),
      'GET /api/organization/verificationModels': () => ({ body: { verificationModels: VERIFICATION_MODELS } }),
      [`GET /api/organization/${ORG_ID}/importStatus`]: () => ({ body: { importStatus } }),
      [`GET /api/organization/${ORG_ID}/accessCounts`]: () => ({ body: { accessCounts: opts.counts ?? accessCounts } }),
      // A PUT per setting: its key is in the path.
      ...Object.fromEntries(defaults().map((s) => [`PUT /api/organization/${ORG_ID}/settings/${s.key}`, change(s.key)])),
    },
  });
}

const importStatus: ImportStatusView = {
  userImports: {
    counts: { processing: 1, awaiting_confirmation: 0, error: 0, validation_error: 2, completed: 7, stopped: 0 },
    latest: [
      {
        id: ORG_ID,
        filename: 'november.csv',
        status: 'validation_error',
        createdAt: '2026-11-20T08:00:00.000Z',
        finishedAt: null,
        rowsTotal: 10,
        rowsWithErrors: 3,
      },
    ],
  },
  workflowImports: { total: 0, latest: [] },
};

const accessCounts = { enabledUsers: 9, passwordUsers: 7, openSessions: 4, openPasswordSessions: 3, apiUsers: 2, activeAccessKeys: 1 };

/** The headings of every group, in the order of the screen, as "All settings" shows them. */
const EVERY_GROUP = [
  'Basic',
  'AI Features',
  'Learning Features',
  'Download & Offline',
  'Product Features',
  'Custom Features',
  'Products',
  'Data retention',
];

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => [c.path.split('/').at(-1), c.body]);

describe('organization settings', () => {
  it('asks before turning "SSO login only" on, saying what stops and what goes on; cancelled, nothing is saved; off asks nothing', async () => {
    const { calls } = settingsApi(`/super/organizations/${ORG_ID}/settings?group=basic`);
    const sso = await screen.findByRole('switch', { name: 'SSO login only' });
    fireEvent.click(sso);
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn on “SSO login only”?' });
    expect(within(dialog).getByText('7 people sign in with a password and must use single sign-on from now on.')).toBeTruthy();
    expect(within(dialog).getByText('3 console sessions signed in with a password end now; their people are told why.')).toBeTruthy();
    expect(within(dialog).getByText('2 API users keep getting external API tokens with their password.')).toBeTruthy();
    expect(within(dialog).getByText('1 access key keeps working.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(puts(calls)).toEqual([]);
    expect(sso).toHaveProperty('checked', false);

    fireEvent.click(sso);
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(puts(calls)).toEqual([['ssoLoginOnly', { value: true }]]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SSO login only' })).toHaveProperty('checked', true));
    fireEvent.click(screen.getByRole('switch', { name: 'SSO login only' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/accessCounts'))).toHaveLength(2);
  });

  it('says the counts of "SSO login only" in Portuguese: numbers in its locale, a count of 0 in words', async () => {
    settingsApi(`/pt/super/organizations/${ORG_ID}/settings?group=basic`, {
      counts: { ...accessCounts, passwordUsers: 115526, openPasswordSessions: 0, apiUsers: 1, activeAccessKeys: 0 },
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Somente login por SSO' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('115.526 pessoas entram com senha e, a partir de agora, precisarão usar o login único.')).toBeTruthy();
    // Not "0 sessão do console aberta com senha é encerrada agora" nor "0 chave de acesso continua funcionando".
    expect(within(dialog).getByText('Nenhuma sessão do console está aberta com senha.')).toBeTruthy();
    expect(within(dialog).getByText('1 usuário da API continua recebendo tokens da API externa com a senha.')).toBeTruthy();
    expect(within(dialog).getByText('Nenhuma chave de acesso está ativa.')).toBeTruthy();
  });

  it('opens from the organization page, groups the switches as the spec does, and saves a change with a green notice', async () => {
    const { calls, router } = settingsApi(`/super/organizations/${ORG_ID}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings of Acme Manufacturing' })).toBeTruthy();
    expect(where(router)).toBe(`/super/organizations/${ORG_ID}/settings`);
    expect(document.title).toBe('Organization settings Integrations');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Acme Manufacturing' }).getAttribute('href')).toBe(`/super/organizations/${ORG_ID}`);
    expect(within(trail).getByText('Settings').getAttribute('aria-current')).toBe('page');

    const groups = await screen.findAllByRole('heading', { level: 2 });
    expect(groups.map((h) => h.textContent)).toEqual(EVERY_GROUP);
    const basic = screen.getByRole('region', { name: 'Basic' });
    expect(within(basic).getAllByRole('switch')).toHaveLength(7);
    expect(screen.getAllByRole('switch')).toHaveLength(27);

    const sharing = within(basic).getByRole('switch', { name: 'Public sharing' });
    expect(sharing).toHaveProperty('checked', false);
    // A setting never changed says what its value is, not a bare "Default".
    expect(within(basic).getAllByText('Never changed: the default value').length).toBeGreaterThan(0);
    fireEvent.click(sharing);
    await waitFor(() => expect(sharing).toHaveProperty('checked', true));
    const notice = await screen.findByText('Public sharing changed successfully');
    expect(notice.closest('.notistack-MuiContent-success')).toBeTruthy();
    expect(puts(calls)).toEqual([['publicSharing', { value: true }]]);
    expect(await within(basic).findByText(/^Changed \d{4}-\d{2}-\d{2} \d{2}:\d{2} by Sam Staff$/)).toBeTruthy();
  });

  it('puts a refused change back and says it failed, in red', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { calls } = settingsApi(`/super/organizations/${ORG_ID}/settings`, {
      refuse: async () => {
        await answered;
        return { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Unknown error' } };
      },
    });
    const quiz = await screen.findByRole('switch', { name: 'Quiz' });
    fireEvent.click(quiz);
    // On at once, while the server has not answered yet (optimistic)...
    await waitFor(() => expect(quiz).toHaveProperty('checked', true));
    answer();
    const notice = await screen.findByText(/^Failed to change Quiz/);
    expect(notice.closest('.notistack-MuiContent-error')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Quiz' })).toHaveProperty('checked', false));
    expect(puts(calls)).toEqual([['quiz', { value: true }]]);
  });

  it('asks for both AI verification models before turning it on, then saves them', async () => {
    const { calls, router } = settingsApi(`/super/organizations/${ORG_ID}/Settings/AIModelSelector`);
    const form = await screen.findByRole('form', { name: 'AI verification' });
    expect(where(router)).toBe(`/super/organizations/${ORG_ID}/Settings/AIModelSelector`);
    // The part opens the AI Features group alone, with AI verification focused.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['AI Features']);
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('switch', { name: 'AI verification' })));

    fireEvent.click(within(form).getByRole('switch', { name: 'AI verification' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save AI verification' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(2);
    expect(puts(calls)).toEqual([]);

    await waitFor(() =>
      expect(
        within(form)
          .getByRole('combobox', { name: /Photo model/ })
          .getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Photo model/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Photo Precision v2' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save AI verification' }));
    expect(await within(form).findAllByText('This field is required')).toHaveLength(1);
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /Video model/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Video Standard v1' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save AI verification' }));
    expect(await screen.findByText('AI verification changed successfully')).toBeTruthy();
    expect(puts(calls)).toEqual([
      ['aiVerification', { value: { enabled: true, photoModel: 'photo-precision-v2', videoModel: 'video-standard-v1' } }],
    ]);
  });

  it('keeps events 400 days until staff save another number of days from 30 to 7 years; a value out of bounds is not sent', async () => {
    const { calls } = settingsApi(`/super/organizations/${ORG_ID}/settings?group=dataRetention`);
    const form = await screen.findByRole('form', { name: 'Event retention' });
    const days = within(form).getByRole('textbox', { name: 'Event retention' });
    expect(days).toHaveProperty('value', '400');
    expect(within(form).getByText(/^How long this organization’s events/)).toBeTruthy();
    const save = within(form).getByRole('button', { name: 'Save event retention' });
    expect(save).toHaveProperty('disabled', true);
    for (const [typed, problem] of [
      ['29', 'Keep events at least 30 days'],
      ['2558', 'Keep events at most 7 years (2,557 days)'],
      ['90.5', 'Enter a whole number of days'],
      ['ninety', 'Enter a whole number of days'],
      ['', 'This field is required'],
    ]) {
      fireEvent.change(days, { target: { value: typed } });
      fireEvent.click(save);
      expect(await within(form).findByText(problem), typed).toBeTruthy();
    }
    expect(puts(calls)).toEqual([]);
    fireEvent.change(days, { target: { value: ' 2557 ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Event retention changed successfully')).toBeTruthy();
    expect(puts(calls)).toEqual([['eventRetentionDays', { value: 2557 }]]);
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'Event retention' })).getByRole('textbox')).toHaveProperty('value', '2557'),
    );
  });

  it('says in Spanish why the server refused a number of days', async () => {
    settingsApi(`/es/super/organizations/${ORG_ID}/settings?group=dataRetention`, {
      refuse: () => ({
        status: 400,
        body: { statusCode: 400, code: 'SETTING_DAYS_OUT_OF_RANGE', message: 'The setting eventRetentionDays takes from 30 to 2557 days.' },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Conservación de los eventos' });
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '45' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar la conservación de los eventos' }));
    expect(
      await screen.findByText('No se pudo cambiar Conservación de los eventos. Los eventos se conservan de 30 días a 7 años (2557 días).'),
    ).toBeTruthy();
  });

  it('offers no "SSO login only" while no enabled connection of the organization has signed someone in, says why and links to its connections', async () => {
    const { calls, router } = settingsApi(`/super/organizations/${ORG_ID}/settings?group=basic`, { ssoLoginOnlyAvailable: false });
    const sso = await screen.findByRole('switch', { name: 'SSO login only' });
    await waitFor(() => expect(sso).toHaveProperty('disabled', true));
    const reason = document.getElementById('setting-ssoLoginOnly-unavailable');
    expect(reason?.textContent).toBe(
      'Needs an enabled single sign-on connection of this organization that someone has signed in through: without one, nobody of this organization could sign in. ' +
        'Its Organizational Admins set connections up on their Single sign-on screen. ' +
        'See the organization’s single sign-on connections',
    );
    expect(sso.getAttribute('aria-describedby')).toContain('setting-ssoLoginOnly-unavailable');
    fireEvent.click(sso);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(puts(calls)).toEqual([]);
    // Other switches are not concerned.
    expect(screen.getByRole('switch', { name: 'Public sharing' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('link', { name: 'See the organization’s single sign-on connections' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/super/organizations/${ORG_ID}`));
    expect(router.state.location.hash).toBe('#organization-sso-connections');
  });

  it('lets "SSO login only" already on be turned off without a connection that signs people in, asking nothing', async () => {
    const { calls } = settingsApi(`/super/organizations/${ORG_ID}/settings?group=basic`, {
      ssoLoginOnlyAvailable: false,
      on: ['ssoLoginOnly'],
    });
    const sso = await screen.findByRole('switch', { name: 'SSO login only' });
    expect(sso).toHaveProperty('checked', true);
    expect(sso).toHaveProperty('disabled', false);
    expect(document.getElementById('setting-ssoLoginOnly-unavailable')).toBeNull();
    fireEvent.click(sso);
    await waitFor(() => expect(puts(calls)).toEqual([['ssoLoginOnly', { value: false }]]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says under "Webhooks sharing" that it does not turn the organization’s own webhook endpoints on or off', async () => {
    settingsApi(`/super/organizations/${ORG_ID}/settings?group=customFeatures`);
    const sharing = await screen.findByRole('switch', { name: 'Webhooks sharing' });
    const help =
      'Read by the platform’s apps. It does not turn this organization’s webhook endpoints on or off: its admins manage those on their Webhooks screen.';
    expect(screen.getByText(help)).toBeTruthy();
    expect(sharing.getAttribute('aria-describedby')).toBe('setting-webhooksSharing-help');
  });

  it('is read-only for staff who may only read: switches disabled, nothing sent', async () => {
    const { calls } = settingsApi(`/super/organizations/${ORG_ID}/settings?group=basic`, { as: 'staffReader' });
    expect(await screen.findByText('You can read these settings. Changing them needs the update role.')).toBeTruthy();
    const sso = await screen.findByRole('switch', { name: 'SSO login only' });
    expect(sso).toHaveProperty('disabled', true);
    fireEvent.click(sso);
    expect(screen.queryByRole('button', { name: 'Save AI verification' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Basic']);
    expect(puts(calls)).toEqual([]);
  });

  it('shows read-only staff the AI verification switch and its label both disabled, in French', async () => {
    settingsApi(`/fr/super/organizations/${ORG_ID}/Settings/AIModelSelector`, { as: 'staffReader' });
    const form = await screen.findByRole('form', { name: 'Vérification par IA' });
    const ai = within(form).getByRole('switch', { name: 'Vérification par IA' });
    expect(ai).toHaveProperty('disabled', true);
    // The label reads as disabled too, not as a live choice beside a dead switch.
    const label = within(form).getByText('Vérification par IA', { selector: '.MuiFormControlLabel-label' });
    expect(label.classList.contains('Mui-disabled')).toBe(true);
    expect(label.closest('label')?.classList.contains('Mui-disabled')).toBe(true);
  });

  it('shows read-only staff the event retention, disabled, without a Save button', async () => {
    const { calls } = settingsApi(`/super/organizations/${ORG_ID}/settings?group=dataRetention`, { as: 'staffReader' });
    expect(await screen.findByText('You can read these settings. Changing them needs the update role.')).toBeTruthy();
    const retention = await screen.findByRole('form', { name: 'Event retention' });
    expect(within(retention).getByRole('textbox', { name: 'Event retention' })).toHaveProperty('disabled', true);
    expect(within(retention).getByRole('textbox', { name: 'Event retention' })).toHaveProperty('value', '400');
    expect(within(retention).queryByRole('button')).toBeNull();
    expect(puts(calls)).toEqual([]);
  });

  it('is read-only for a disabled organization', async () => {
    settingsApi(`/super/organizations/${ORG_ID}/settings`, {
      org: { ...organization, disabled: true, disabledAt: '2026-06-01T00:00:00.000Z' },
    });
    expect(await screen.findByText('This organization is disabled: its settings cannot be changed.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Quiz' })).toHaveProperty('disabled', true));
  });

  it('opens every settings part of the spec at its group, and a 404 for an unknown part', async () => {
    const { router } = settingsApi(`/super/organizations/${ORG_ID}/constants/productsSettings`);
    await screen.findByRole('switch', { name: 'Ask Maven' });
    const shown = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(shown()).toEqual(['Products']);
    const cases: [string, string[]][] = [
      ['constants/customFeaturesSettings', ['Custom Features']],
      ['constants/genericCustomFeaturesSettings', ['Product Features']],
      ['constants/settingsPanels', EVERY_GROUP],
      ['Settings/DynamicSettingsPanel', EVERY_GROUP],
      ['Settings/EmployeeIdLoginSwitch', ['Basic']],
    ];
    for (const [part, groups] of cases) {
      await router.navigate(`/super/organizations/${ORG_ID}/${part}`);
      await waitFor(() => expect(shown(), part).toEqual(groups));
    }
    await waitFor(() => expect(document.activeElement?.id).toBe('setting-employeeIdLogin'));

    await router.navigate(`/super/organizations/${ORG_ID}/constants/importStatus`);
    const users = await screen.findByRole('region', { name: 'User imports' });
    expect(within(users).getByText('Input format or data errors: 2')).toBeTruthy();
    expect(within(users).getByRole('cell', { name: 'november.csv' })).toBeTruthy();
    expect(screen.getByText('0 workflow imports into this organization')).toBeTruthy();

    // A tab leads back to the settings' own address.
    fireEvent.click(screen.getByRole('tab', { name: 'Learning Features' }));
    await waitFor(() => expect(where(router)).toBe(`/super/organizations/${ORG_ID}/settings?group=learningFeatures`));

    await router.navigate(`/super/organizations/${ORG_ID}/constants/nothingHere`);
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeTruthy();
  });

  it('speaks French, notices included', async () => {
    const { router } = settingsApi(`/fr/super/organizations/${ORG_ID}/settings`, {
      refuse: () => ({
        status: 409,
        body: { statusCode: 409, code: 'ORGANIZATION_DISABLED', message: 'A disabled organization cannot be changed.' },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres de l’organisation Acme Manufacturing' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Téléchargement et hors ligne' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('switch', { name: 'Synthèse vocale' }));
    expect(
      await screen.findByText(
        'Échec de la modification : Synthèse vocale. Cette organisation est désactivée et ne peut pas être modifiée.',
      ),
    ).toBeTruthy();
    // The import counts with French's space before the colon.
    await router.navigate(`/fr/super/organizations/${ORG_ID}/constants/importStatus`);
    const chips = () => [...document.querySelectorAll('.MuiChip-label')].map((c) => c.textContent);
    await waitFor(() => expect(chips()).toContain('Erreurs de format ou de données\u00a0: 2'));
    expect(chips()).toContain('En cours\u00a0: 1');
  });
});
