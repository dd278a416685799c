/**
 * The demo data set, loaded on the first start of an empty embedded database: a staff
 * organization, three customer organizations (one disabled), workspaces, teams, skills,
 * users of every role, workflows with steps and a sample video, and completions.
 * Deterministic (seeded random), so screenshots and tests see the same world.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../modules/auth/password.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { Db } from '../client.js';
import * as t from '../schema.js';

export const DEMO_PASSWORD = 'Demo-Console-2026!';
export const SAMPLE_VIDEO_KEY = 'demo/sample-video.mp4';
const sampleVideoFile = fileURLToPath(new URL('./sample-video.mp4', import.meta.url));

export interface DemoSummary {
  orgAdminEmail: string;
  staffEmail: string;
  /** The demo's password while it still opens the admin's account; null once someone changed it. */
  password: string | null;
}

function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'Diego',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Iris',
  'João',
  'Kenji',
  'Lucía',
  'Marc',
  'Nadia',
  'Omar',
  'Paula',
  'Quentin',
  'Rosa',
  'Sven',
  'Tomás',
];
const LAST = [
  'Alves',
  'Brown',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'García',
  'Hansen',
  'Ito',
  'Jensen',
  'Kowalski',
  'López',
  'Martin',
  'Novak',
  'Okafor',
  'Pereira',
];

// Each has its own address of the platform's app (a reserved .example name: clearly a demo),
// so that the activation of an imported Viewer ends on a link, as an installation's would.
const ORGS = [
  { name: 'Acme Manufacturing', clientKey: 'acme', domain: 'acme.example', plan: 'Enterprise', disabled: false },
  { name: 'Globex Logistics', clientKey: 'globex', domain: 'globex.example', plan: 'Business', disabled: false },
  { name: 'Initech Foods', clientKey: 'initech', domain: 'initech.example', plan: 'Team', disabled: true },
];

const WORKSPACES = [
  { name: 'Assembly Line', group: 'Operations', private: false },
  { name: 'Safety & Compliance', group: 'Operations', private: false },
  { name: 'Maintenance', group: 'Engineering', private: false },
  { name: 'Leadership Onboarding', group: 'People', private: true },
];

const WORKFLOW_TITLES = [
  'Lockout/tagout procedure',
  'Changing a conveyor belt',
  'Daily machine inspection',
  'Forklift pre-shift check',
  'Quality check of welded joints',
  'Cleaning the filling station',
  'Emergency stop test',
  'Calibrating the torque wrench',
  'Packing pallets for export',
  'Handling a chemical spill',
  'First day on the floor',
  'Running a shift handover',
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.organizations);
  return row.n === 0;
}

const DEMO_ADMIN_EMAIL = 'admin@acme.example';

/** Who to sign in as, while the demo organization admin still exists. */
export async function demoSignInDetails(db: Db): Promise<DemoSummary | undefined> {
  const [admin] = await db
    .select({ id: t.users.id, passwordHash: t.users.passwordHash })
    .from(t.users)
    .where(eq(t.users.email, DEMO_ADMIN_EMAIL));
  const [staff] = await db
    .select({ email: t.users.email })
    .from(t.users)
    .innerJoin(t.organizations, eq(t.users.organizationId, t.organizations.id))
    .where(eq(t.organizations.isStaff, true))
    .limit(1);
  if (!admin) return undefined;
  const password = (await verifyPassword(DEMO_PASSWORD, admin.passwordHash)) ? DEMO_PASSWORD : null;
  return { orgAdminEmail: DEMO_ADMIN_EMAIL, staffEmail: staff?.email ?? '', password };
}

export async function loadDemoData(db: Db, blobs: BlobStore, staffEmailDomain: string): Promise<DemoSummary> {
  const random = rng(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  if (fs.existsSync(sampleVideoFile)) await blobs.put(SAMPLE_VIDEO_KEY, fs.createReadStream(sampleVideoFile));

  const summary = await db.transaction(async (tx) => {
    const plans = await tx
      .insert(t.planTypes)
      .values(['Free', 'Team', 'Business', 'Enterprise'].map((name) => ({ name })))
      .returning();
    const planId = (name: string) => plans.find((p) => p.name === name)?.id;

    const [staffOrg] = await tx
      .insert(t.organizations)
      .values({ name: 'Workframe Staff', clientKey: 'staff', isStaff: true, planTypeId: planId('Enterprise'), defaultGroup: 'Staff' })
      .returning();
    const staffEmail = `staff@${staffEmailDomain}`;
    const [staff] = await tx
      .insert(t.users)
      .values([
        {
          organizationId: staffOrg.id,
          email: staffEmail,
          displayName: 'Sam Staff',
          role: 'org_admin',
          allowedRoleTypes: ['read', 'update'],
          signInProvider: 'custom',
        },
        {
          organizationId: staffOrg.id,
          email: `reader@${staffEmailDomain}`,
          displayName: 'Rita Reader',
          role: 'viewer',
          allowedRoleTypes: ['read'],
          signInProvider: 'custom',
        },
      ])
      .returning();

    let orgAdminEmail = '';
    for (const [orgIndex, spec] of ORGS.entries()) {
      const [org] = await tx
        .insert(t.organizations)
        .values({
          name: spec.name,
          clientKey: spec.clientKey,
          planTypeId: planId(spec.plan),
          defaultGroup: 'Everyone',
          platformAppUrl: `https://app.${spec.domain}`,
          createdBy: staff.id,
          createdAt: new Date(Date.UTC(2025, orgIndex * 3, 10, 9, 30)),
          disabledAt: spec.disabled ? new Date(Date.UTC(2026, 5, 1)) : null,
        })
        .returning();
      await tx.insert(t.organizationSettings).values([
        { organizationId: org.id, key: 'quiz', value: true },
        { organizationId: org.id, key: 'textToSpeech', value: orgIndex !== 1 },
        { organizationId: org.id, key: 'skillsManagement', value: true },
        { organizationId: org.id, key: 'employeeIdLogin', value: orgIndex === 0 },
      ]);
      const wss = await tx
        .insert(t.workspaces)
        .values(WORKSPACES.map((w) => ({ organizationId: org.id, name: w.name, workspaceGroupName: w.group, private: w.private })))
        .returning();
      const teams = await tx
        .insert(t.teams)
        .values(['Day shift', 'Night shift', 'Supervisors'].map((name) => ({ organizationId: org.id, name })))
        .returning();
      const skills = await tx
        .insert(t.skills)
        .values(['Forklift driving', 'First aid', 'Welding', 'Machine setup'].map((name) => ({ organizationId: org.id, name })))
        .returning();

      const disabledAt = spec.disabled ? new Date(Date.UTC(2026, 5, 1)) : null;
      const people: (typeof t.users.$inferInsert)[] = [
        { email: `admin@${spec.domain}`, displayName: `${pick(FIRST)} ${pick(LAST)}`, role: 'org_admin', passwordHash },
        { email: `wsadmin@${spec.domain}`, displayName: `${pick(FIRST)} ${pick(LAST)}`, role: 'workspace_admin', passwordHash },
        { email: `publisher@${spec.domain}`, displayName: `${pick(FIRST)} ${pick(LAST)}`, role: 'publisher', passwordHash },
        { email: `viewer@${spec.domain}`, displayName: `${pick(FIRST)} ${pick(LAST)}`, role: 'viewer', passwordHash },
        { email: `sso.admin@${spec.domain}`, displayName: `${pick(FIRST)} ${pick(LAST)}`, role: 'org_admin', signInProvider: 'google' },
      ].map((u) => ({ ...u, organizationId: org.id, createdBy: staff.id, disabledAt })) as (typeof t.users.$inferInsert)[];
      for (let i = 1; i <= 16; i++) {
        const first = pick(FIRST);
        const last = pick(LAST);
        const byEmployeeId = i % 4 === 0;
        people.push({
          organizationId: org.id,
          displayName: `${first} ${last}`,
          email: byEmployeeId
            ? null
            : `${first}.${last}.${i}@${spec.domain}`
                .toLowerCase()
                .normalize('NFD')
                .replace(/[\u0300-\u036f]/g, ''),
          employeeId: `E${String(orgIndex + 1)}${String(i).padStart(4, '0')}`,
          role: byEmployeeId ? 'viewer' : pick(['viewer', 'viewer', 'publisher', 'workspace_admin']),
          invitedAt: byEmployeeId ? null : new Date(Date.UTC(2026, 0, i)),
          invitedBy: staff.id,
          lastLoginAt: i % 3 === 0 ? null : new Date(Date.UTC(2026, 10, (i % 20) + 1, 8, i)),
          createdBy: staff.id,
          disabledAt,
          // How each was made, as the People screen shows it: imports, the identity provider (with
          // the profile it sends), the external API.
          ...(byEmployeeId || i % 4 === 3
            ? { source: 'csv_import' }
            : i % 4 === 1
              ? {
                  source: 'scim',
                  scimExternalId: `okta-${orgIndex + 1}-${i}`,
                  title: pick(['Line operator', 'Shift lead', 'Maintenance technician', 'Quality inspector']),
                  department: pick(['Assembly', 'Maintenance', 'Quality', 'Logistics']),
                  costCenter: `CC-${100 + (i % 5)}`,
                  division: pick(['Operations', 'Engineering']),
                  phone: `+1 555 01${String(i).padStart(2, '0')}`,
                }
              : { source: 'external_api' }),
        });
      }
      const users = await tx.insert(t.users).values(people).returning();
      // The identity provider's people report to the organization's first admin.
      const provisioned = users.filter((u) => u.source === 'scim').map((u) => u.id);
      if (provisioned.length > 0) await tx.update(t.users).set({ managerId: users[0].id }).where(inArray(t.users.id, provisioned));
      if (orgIndex === 0) orgAdminEmail = users[0].email ?? '';

      await tx
        .insert(t.userWorkspaces)
        .values(
          users.flatMap((u, i) =>
            wss.filter((w, j) => !w.private || i < 3 || j === i % wss.length).map((w) => ({ userId: u.id, workspaceId: w.id })),
          ),
        );
      await tx.insert(t.userTeams).values(users.map((u, i) => ({ userId: u.id, teamId: teams[i % teams.length].id })));
      await tx.insert(t.userSkills).values(
        users.flatMap((u, i) =>
          skills.slice(0, (i % skills.length) + 1).map((s) => {
            const progress = Math.floor(random() * 101);
            return { userId: u.id, skillId: s.id, progress, achievedAt: progress === 100 ? new Date(Date.UTC(2026, 9, 1)) : null };
          }),
        ),
      );

      const authors = users.filter((u) => u.role === 'publisher' || u.role === 'org_admin' || u.role === 'workspace_admin');
      const flows = await tx
        .insert(t.workflows)
        .values(
          WORKFLOW_TITLES.map((title, i) => ({
            organizationId: org.id,
            workspaceId: wss[i % wss.length].id,
            authorId: authors[i % authors.length].id,
            title,
            description: `How to do "${title.toLowerCase()}" safely, step by step.`,
            stage: i === 11 ? 'step_editing' : 'published',
            sourceVideoKey: SAMPLE_VIDEO_KEY,
            durationSeconds: 60 + i * 17,
            createdAt: new Date(Date.UTC(2026, i % 10, 3 + i)),
          })),
        )
        .returning();
      await tx.insert(t.workflowSteps).values(
        flows.flatMap((f, i) =>
          Array.from({ length: 3 + (i % 3) }, (_, position) => ({
            workflowId: f.id,
            position,
            title: ['Prepare', 'Check the area', 'Do the work', 'Verify', 'Clean up'][position],
            text: `Step ${position + 1} of "${f.title}".`,
            startMs: position * 12_000,
            endMs: (position + 1) * 12_000,
          })),
        ),
      );
      const completions: (typeof t.completions.$inferInsert)[] = [];
      for (const user of users) {
        for (const flow of flows) {
          if (random() < 0.35) {
            completions.push({
              organizationId: org.id,
              userId: user.id,
              workflowId: flow.id,
              completedAt: new Date(
                Date.UTC(2026, 8 + Math.floor(random() * 3), 1 + Math.floor(random() * 28), 7 + Math.floor(random() * 10)),
              ),
              timeSpentSeconds: 30 + Math.floor(random() * 600),
              score: random() < 0.5 ? Math.round(random() * 100) : null,
            });
          }
        }
      }
      await tx.insert(t.completions).values(completions);
    }
    return { orgAdminEmail, staffEmail, password: DEMO_PASSWORD };
  });
  return summary;
}
