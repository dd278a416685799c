import { lookupUserProfile, WORKFLOW_VIDEO_URL_TTL_SECONDS } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { createOrganization, createUser, createWorkspace, nullsOf } from '../../test/factories.js';
import { type SignedIn, type SignedInStaff, signIn, signInStaff, signInWithProvider } from '../../test/sign-in.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('look-ups of the Super area (user by e-mail, workflow by id or name, source video)', () => {
  let t: TestApp;
  let now = new Date('2026-11-23T10:00:00.000Z');
  let staff: SignedInStaff;
  let reader: SignedIn;
  let updateOnly: SignedIn;
  const emails = { orgAdmin: '', noRole: '' };
  const ids = {
    acme: '',
    zed: '',
    assembly: '',
    leaders: '',
    withVideo: '',
    noVideo: '',
    lostVideo: '',
    wildcards: '',
  };
  const VIDEO = Buffer.from('not really an mp4, but bytes all the same');

  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
    const db = t.database.db;
    const [plan] = await db.insert(schema.planTypes).values({ name: 'Enterprise' }).returning();
    staff = await signInStaff(t, { roles: ['read', 'update'], email: 'sam@workframe.io', displayName: 'Sam Staff' });
    reader = await signInStaff(t, { roles: ['read'], email: 'rita@workframe.io', provider: 'google' });
    updateOnly = await signInStaff(t, { roles: ['update'], role: 'viewer', provider: 'google' });
    const noRole = await createUser(db, staff.organizationId, { email: 'nora@workframe.io', role: 'viewer', signInProvider: 'custom' });
    emails.noRole = noRole.email!;
    const acme = await createOrganization(db, { name: 'Acme Manufacturing', clientKey: 'acme', planTypeId: plan.id });
    const globex = await createOrganization(db, { name: 'Globex', disabledAt: new Date('2026-06-01T00:00:00Z') });
    ids.acme = acme.id;
    emails.orgAdmin = (await createUser(db, acme.id, { email: 'admin@acme.example', displayName: 'Ada Admin' })).email!;

    const assembly = await createWorkspace(db, acme.id, { name: 'Assembly Line', workspaceGroupName: 'Operations' });
    const leaders = await createWorkspace(db, acme.id, { name: 'leadership', private: true });
    ids.assembly = assembly.id;
    ids.leaders = leaders.id;
    const [night, day] = await db
      .insert(schema.teams)
      .values([
        { organizationId: acme.id, name: 'Night shift' },
        { organizationId: acme.id, name: 'day shift' },
      ])
      .returning();
    const zed = await createUser(db, acme.id, {
      email: 'Zed.Lookup@Acme.example',
      displayName: 'Zed Lookup',
      employeeId: 'E0042',
      role: 'publisher',
      createdBy: staff.id,
      createdAt: new Date('2026-01-15T09:30:00.000Z'),
      invitedBy: staff.id,
      invitedAt: new Date('2026-01-16T10:00:00.000Z'),
      lastLoginAt: new Date('2026-11-20T08:05:00.000Z'),
    });
    ids.zed = zed.id;
    await db.insert(schema.userWorkspaces).values([
      { userId: zed.id, workspaceId: leaders.id },
      { userId: zed.id, workspaceId: assembly.id },
    ]);
    await db.insert(schema.userTeams).values([
      { userId: zed.id, teamId: night.id },
      { userId: zed.id, teamId: day.id },
    ]);

    await t.deps.blobs.put('videos/forklift.mp4', VIDEO);
    const globexWs = await createWorkspace(db, globex.id, { name: 'Yard' });
    const flows = await db
      .insert(schema.workflows)
      .values([
        ...Array.from({ length: 23 }, (_, i) => ({
          organizationId: i % 2 ? globex.id : acme.id,
          workspaceId: i % 2 ? globexWs.id : assembly.id,
          authorId: zed.id,
          title: `Forklift check ${String(23 - i).padStart(2, '0')}`,
          sourceVideoKey: 'videos/forklift.mp4',
        })),
        {
          organizationId: acme.id,
          workspaceId: leaders.id,
          title: 'First day as a manager',
          stage: 'step_editing',
          description: 'Onboarding',
          durationSeconds: 95,
        },
        { organizationId: acme.id, workspaceId: assembly.id, title: 'Lost video', sourceVideoKey: 'videos/gone.mp4' },
        { organizationId: acme.id, workspaceId: assembly.id, title: '100% Safe_Check' },
      ])
      .returning();
    ids.withVideo = flows.find((f) => f.title === 'Forklift check 01')!.id;
    ids.noVideo = flows.find((f) => f.title === 'First day as a manager')!.id;
    ids.lostVideo = flows.find((f) => f.title === 'Lost video')!.id;
    ids.wildcards = flows.find((f) => f.title === '100% Safe_Check')!.id;
    await db.insert(schema.workflowSteps).values(
      [2, 0, 1].map((position) => ({
        workflowId: ids.noVideo,
        position,
        title: `Step ${position + 1}`,
        text: position === 1 ? null : `Do ${position + 1}`,
        startMs: position * 1000,
        endMs: (position + 1) * 1000,
      })),
    );
  });
  afterAll(() => t.close());

  const get = (who: SignedIn | undefined, url: string) => t.app.inject({ url: `/api/${url}`, headers: who?.headers ?? {} });
  const signedVideoUrl = async (id: string) => {
    const res = await get(reader, `workflow/${id}/original-video`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { signedUrl: string; expiresAt: string };
  };

  describe('who may look up', () => {
    const urls = () => [
      'user/admin%40acme.example',
      `workflow/${ids.withVideo}`,
      'workflows?q=forklift',
      `workflow/${ids.withVideo}/original-video`,
    ];

    it('lets staff with read (or update) use every look-up', async () => {
      for (const url of urls()) {
        for (const who of [staff, reader, updateOnly]) expect((await get(who, url)).statusCode, url).toBe(200);
      }
    });

    it('refuses a caller without a session (401), an Organizational Admin and staff signed in with a password (403)', async () => {
      const admin = await signIn(t, emails.orgAdmin);
      const withPassword = await signInWithProvider(t, staff.email, 'password');
      await expect(signInWithProvider(t, emails.noRole, 'custom')).rejects.toThrow(/403/);
      for (const url of urls()) {
        expect((await get(undefined, url)).json(), url).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED' });
        expect((await get(admin, url)).json(), url).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
        expect((await get(withPassword, url)).statusCode, url).toBe(403);
      }
      const { signedUrl } = await signedVideoUrl(ids.withVideo);
      const file = (who?: SignedIn) => t.app.inject({ url: signedUrl, headers: who?.headers ?? {} });
      expect((await file()).statusCode).toBe(401);
      expect((await file(admin)).statusCode).toBe(403);
    });

    it('checks permissions before the input: a malformed look-up answers 401/403 to those refused', async () => {
      const admin = await signIn(t, emails.orgAdmin);
      for (const url of [
        'user/not-an-email',
        'workflow/nope',
        'workflows?q=',
        'workflow/nope/original-video',
        'workflow/nope/original-video/file',
      ]) {
        expect((await get(undefined, url)).statusCode, url).toBe(401);
        expect((await get(admin, url)).statusCode, url).toBe(403);
        expect((await get(reader, url)).json(), url).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      }
    });
  });

  describe('GET user/{email}', () => {
    it('answers the user with organization, creator, inviter, groups, workspaces and role', async () => {
      const res = await get(reader, 'user/Zed.Lookup%40Acme.example');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: ids.zed,
          displayName: 'Zed Lookup',
          email: 'Zed.Lookup@Acme.example',
          employeeId: 'E0042',
          organization: {
            id: ids.acme,
            name: 'Acme Manufacturing',
            clientKey: 'acme',
            planType: 'Enterprise',
            isStaff: false,
            disabled: false,
          },
          role: 'publisher',
          allowedRoleTypes: [],
          signInProvider: 'password',
          disabled: false,
          disabledAt: null,
          createdAt: '2026-01-15T09:30:00.000Z',
          createdBy: { id: staff.id, displayName: 'Sam Staff', email: 'sam@workframe.io' },
          lastLoginAt: '2026-11-20T08:05:00.000Z',
          invitedAt: '2026-01-16T10:00:00.000Z',
          invitedBy: { id: staff.id, displayName: 'Sam Staff', email: 'sam@workframe.io' },
          source: 'console',
          // Made without a profile: only the names, taken from the display name.
          profile: { ...nullsOf(lookupUserProfile), givenName: 'Zed', familyName: 'Lookup' },
          groups: [
            { id: expect.any(String), name: 'day shift' },
            { id: expect.any(String), name: 'Night shift' },
          ],
          moreGroups: 0,
          workspaces: [
            { id: ids.assembly, name: 'Assembly Line', private: false },
            { id: ids.leaders, name: 'leadership', private: true },
          ],
          moreWorkspaces: 0,
        },
      });
    });

    it('finds the user whatever the case of the e-mail, and trims it', async () => {
      for (const email of ['zed.lookup@acme.example', 'ZED.LOOKUP@ACME.EXAMPLE', '%20zed.lookup@acme.example%20']) {
        const res = await get(staff, `user/${email}`);
        expect(res.statusCode, email).toBe(200);
        expect(res.json().user.id).toBe(ids.zed);
      }
    });

    it('answers a staff member with their role types and no creator or inviter', async () => {
      const { user } = (await get(staff, 'user/rita@workframe.io')).json();
      expect(user).toMatchObject({
        allowedRoleTypes: ['read'],
        signInProvider: 'google',
        role: 'viewer',
        createdBy: null,
        invitedBy: null,
        invitedAt: null,
        lastLoginAt: null,
        groups: [],
        workspaces: [],
        organization: { name: 'Workframe Staff', isStaff: true, planType: null },
      });
    });

    describe('a user with a profile', () => {
      const profiled = { id: '', manager: '' };
      const sent = {
        givenName: 'Patricia',
        familyName: 'Profile-Smith',
        formattedName: 'Ms. Patricia Profile-Smith',
        userName: 'PPROFILE@acme.onmicrosoft.example',
        workEmail: 'patricia.smith@acme.example',
        title: 'Shift lead',
        phone: '+1 555 0100',
        department: 'Assembly',
        costCenter: 'CC-4711',
        division: 'Operations',
      };
      beforeAll(async () => {
        const db = t.database.db;
        const mia = await createUser(db, ids.acme, { email: 'mia.manager@acme.example', displayName: 'Mia Manager', role: 'viewer' });
        profiled.manager = mia.id;
        const pat = await createUser(db, ids.acme, {
          email: 'pat.profile@acme.example',
          displayName: 'Pat Profile',
          role: 'viewer',
          source: 'scim',
          ...sent,
          organizationName: 'Acme Europe',
          employeeId: 'E0777',
          managerId: mia.id,
          scimExternalId: 'okta-00u1',
          scimAttributes: { nickName: 'Pat', addresses: [{ type: 'work', locality: 'Lyon' }] },
        });
        profiled.id = pat.id;
        // A manager of another organization is not theirs to show.
        const stranger = await createUser(db, staff.organizationId, { email: 'stranger@workframe.io', displayName: 'Stranger' });
        await createUser(db, ids.acme, {
          email: 'odd.manager@acme.example',
          displayName: 'Odd Manager',
          role: 'viewer',
          managerId: stranger.id,
        });
      });

      it('answers what the identity provider sent, with the manager by name, and how the user was made', async () => {
        const res = await get(reader, 'user/pat.profile%40acme.example');
        expect(res.statusCode, res.body).toBe(200);
        const { user } = res.json();
        expect(user).toMatchObject({ id: profiled.id, displayName: 'Pat Profile', employeeId: 'E0777', source: 'scim' });
        expect(user.profile).toEqual({
          ...sent,
          organization: 'Acme Europe',
          manager: { id: profiled.manager, displayName: 'Mia Manager', email: 'mia.manager@acme.example' },
          scimAttributes: { nickName: 'Pat', addresses: [{ type: 'work', locality: 'Lyon' }] },
        });
      });

      it('shows the renamed manager by their new name, and no manager once they are deleted', async () => {
        const db = t.database.db;
        await db.update(schema.users).set({ displayName: 'Mia Moreau' }).where(eq(schema.users.id, profiled.manager));
        expect((await get(reader, 'user/pat.profile%40acme.example')).json().user.profile.manager).toMatchObject({
          displayName: 'Mia Moreau',
        });
        await db.delete(schema.users).where(eq(schema.users.id, profiled.manager));
        expect((await get(reader, 'user/pat.profile%40acme.example')).json().user.profile.manager).toBeNull();
      });

      it('shows no manager of another organization', async () => {
        const { user } = (await get(reader, 'user/odd.manager%40acme.example')).json();
        expect(user.profile).toMatchObject({ givenName: 'Odd', familyName: 'Manager', manager: null });
      });
    });

    it("answers 404 'User was not found: ' and the e-mail when nobody has it", async () => {
      const res = await get(staff, 'user/Nobody%40acme.example');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'USER_NOT_FOUND', message: 'User was not found: Nobody@acme.example' });
    });

    it('refuses what is not an e-mail with 400', async () => {
      for (const bad of ['not-an-email', 'a%40b', '%20%20', 'two%40at%40signs.example', 'spaces%20in%40acme.example']) {
        const res = await get(staff, `user/${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('GET workflow/{id}', () => {
    it('answers the workflow with organization, workspace, author, stage and its steps in order', async () => {
      const res = await get(reader, `workflow/${ids.noVideo}`);
      expect(res.statusCode).toBe(200);
      const { workflow } = res.json();
      expect(workflow).toMatchObject({
        id: ids.noVideo,
        title: 'First day as a manager',
        name: 'First day as a manager',
        description: 'Onboarding',
        stage: 'step_editing',
        organization: { id: ids.acme, name: 'Acme Manufacturing', clientKey: 'acme', disabled: false },
        workspace: { id: ids.leaders, name: 'leadership', private: true, workspaceGroupName: null },
        author: null,
        sourceVideo: false,
        durationSeconds: 95,
        importedFromId: null,
      });
      expect(workflow.steps.map((s: { position: number; title: string; text: string | null }) => [s.position, s.title, s.text])).toEqual([
        [0, 'Step 1', 'Do 1'],
        [1, 'Step 2', null],
        [2, 'Step 3', 'Do 3'],
      ]);
      const withAuthor = (await get(reader, `workflow/${ids.withVideo}`)).json().workflow;
      expect(withAuthor).toMatchObject({
        author: { id: ids.zed, displayName: 'Zed Lookup', email: 'Zed.Lookup@Acme.example' },
        sourceVideo: true,
        stage: 'published',
        steps: [],
        workspace: { name: 'Assembly Line', workspaceGroupName: 'Operations' },
      });
    });

    it("answers 404 'Workflow not found.' for an unknown id and 400 for what is not an id", async () => {
      const missing = await get(staff, 'workflow/00000000-0000-4000-8000-000000000000');
      expect(missing.json()).toEqual({ statusCode: 404, code: 'WORKFLOW_NOT_FOUND', message: 'Workflow not found.' });
      for (const bad of ['nope', '123', `${ids.noVideo}x`]) {
        const res = await get(staff, `workflow/${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('GET workflows?q (search by name)', () => {
    const titles = async (query: string) => {
      const res = await get(reader, `workflows?${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json() as { workflows: { title: string }[]; total: number };
      return { titles: body.workflows.map((w) => w.title), total: body.total, body };
    };

    it('finds titles that contain the text without case, trimmed, by title, 20 a page', async () => {
      const p1 = await titles(`q=${encodeURIComponent('  FORKlift  ')}`);
      expect(p1.total).toBe(23);
      expect(p1.titles).toHaveLength(20);
      expect(p1.titles.slice(0, 2)).toEqual(['Forklift check 01', 'Forklift check 02']);
      const p2 = await titles('q=forklift&page=2');
      expect(p2).toMatchObject({ total: 23, titles: ['Forklift check 21', 'Forklift check 22', 'Forklift check 23'] });
      expect(new Set([...p1.titles, ...p2.titles]).size).toBe(23);
      expect((await titles('q=check 1&limit=5')).titles).toEqual([
        'Forklift check 10',
        'Forklift check 11',
        'Forklift check 12',
        'Forklift check 13',
        'Forklift check 14',
      ]);
      expect((await titles('q=manager')).titles).toEqual(['First day as a manager']);
      expect((await titles('q=nothing like it')).body).toEqual({ workflows: [], total: 0 });
      expect((await titles('q=forklift&page=9')).body).toEqual({ workflows: [], total: 23 });
    });

    it('shows where each workflow is: organization (disabled ones marked), workspace, stage', async () => {
      const { body } = await titles('q=Forklift check 0');
      expect(body.workflows[0]).toEqual({
        id: ids.withVideo,
        title: 'Forklift check 01',
        stage: 'published',
        organization: { id: ids.acme, name: 'Acme Manufacturing', disabled: false },
        workspace: { id: ids.assembly, name: 'Assembly Line', private: false },
        createdAt: expect.any(String),
      });
      expect(body.workflows[1]).toMatchObject({ title: 'Forklift check 02', organization: { name: 'Globex', disabled: true } });
    });

    it('takes wildcards in the text as plain characters', async () => {
      expect((await titles('q=%25')).titles).toEqual(['100% Safe_Check']);
      expect((await titles('q=e_c')).titles).toEqual(['100% Safe_Check']);
    });

    it('refuses an empty or blank text, and bad paging, with 400', async () => {
      for (const bad of ['', 'q=', 'q=%20%20', 'q=a&limit=1000', 'q=a&page=0', `q=${'x'.repeat(201)}`]) {
        const res = await get(staff, `workflows?${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('GET workflow/{id}/original-video', () => {
    it('answers a signed link that serves the source video until it expires', async () => {
      const { signedUrl, expiresAt } = await signedVideoUrl(ids.withVideo);
      expect(signedUrl).toMatch(new RegExp(`^/api/workflow/${ids.withVideo}/original-video/file\\?expires=\\d+&signature=[\\w-]+$`));
      expect(expiresAt).toBe(new Date(now.getTime() + WORKFLOW_VIDEO_URL_TTL_SECONDS * 1000).toISOString());
      const file = await t.app.inject({ url: signedUrl, headers: staff.headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/mp4');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.rawPayload.equals(VIDEO)).toBe(true);
    });

    it('serves the video with a policy its media document can play under, still locked down otherwise', async () => {
      const { signedUrl } = await signedVideoUrl(ids.withVideo);
      const file = await t.app.inject({ url: signedUrl, headers: staff.headers });
      // Opened in a tab, the browser wraps the file in a document whose <video> loads this same URL.
      const policy = Object.fromEntries(
        String(file.headers['content-security-policy'])
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(policy['media-src']).toEqual(["'self'"]);
      expect(policy['default-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
    });

    it('refuses a forged signature, a link of another workflow and an expired link', async () => {
      const { signedUrl } = await signedVideoUrl(ids.withVideo);
      const url = new URL(signedUrl, 'http://x');
      const open = (path: string) => t.app.inject({ url: path, headers: reader.headers });

      const forged = new URL(url);
      const sig = forged.searchParams.get('signature')!;
      forged.searchParams.set('signature', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
      expect((await open(forged.pathname + forged.search)).json()).toEqual({
        statusCode: 403,
        code: 'DOWNLOAD_LINK_INVALID',
        message: 'This video link is not valid.',
      });

      const later = new URL(url);
      later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      expect((await open(later.pathname + later.search)).statusCode).toBe(403);

      const otherWorkflow = `/api/workflow/${ids.lostVideo}/original-video/file${url.search}`;
      expect((await open(otherWorkflow)).json()).toMatchObject({ statusCode: 403, code: 'DOWNLOAD_LINK_INVALID' });

      const before = now;
      now = new Date(before.getTime() + WORKFLOW_VIDEO_URL_TTL_SECONDS * 1000);
      try {
        expect((await open(signedUrl)).json()).toMatchObject({ statusCode: 410, code: 'DOWNLOAD_LINK_EXPIRED' });
      } finally {
        now = before;
      }
      expect((await open(signedUrl)).statusCode).toBe(200);
    });

    it('answers a clear 404 for a workflow without a video, with a lost video, or unknown', async () => {
      const noVideo = { statusCode: 404, code: 'WORKFLOW_VIDEO_NOT_FOUND', message: 'This workflow has no source video.' };
      expect((await get(reader, `workflow/${ids.noVideo}/original-video`)).json()).toEqual(noVideo);
      expect((await get(reader, `workflow/${ids.lostVideo}/original-video`)).json()).toEqual(noVideo);
      expect((await get(reader, 'workflow/00000000-0000-4000-8000-000000000000/original-video')).json()).toMatchObject({
        statusCode: 404,
        code: 'WORKFLOW_NOT_FOUND',
        message: 'Workflow not found.',
      });
      expect((await get(reader, 'workflow/nope/original-video')).statusCode).toBe(400);
    });
  });
});
