/**
 * The template of an organization (decision 021): its example rows name the organization's
 * own workspaces, teams and skills, and a user who does not exist yet, so that the file
 * imports as it is. The e-mail is on a reserved `.example` domain (RFC 2606: never
 * delivered), so an invitation sent to it reaches nobody.
 */
import { randomBytes } from 'node:crypto';
import { isTemplateName, type UserImportTemplateExample } from '@console/contracts';
import type { UserImportsRepository } from './user-imports.repository.js';

/** Names read per kind: enough to find the few that can stand in a cell unchanged. */
const NAMES_READ = 20;
const EXAMPLE_WORKSPACES = 2;
/** Candidates tried in one query each; past them a random one (a collision is then out of reach). */
const CANDIDATES = 10;

/** A DNS label from the organization's client key or name: `acme`, `globex-logistics`. */
export function exampleDomain(clientKey: string | null, name: string): string {
  const label = (clientKey ?? name)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return `${label || 'organization'}.example`;
}

const numbered = (first: string, make: (n: number) => string) =>
  [first, ...Array.from({ length: CANDIDATES - 1 }, (_, i) => make(i + 2))] as const;

export async function templateExample(repo: UserImportsRepository, organizationId: string): Promise<UserImportTemplateExample> {
  const src = await repo.templateSources(organizationId, NAMES_READ);
  const domain = exampleDomain(src.clientKey, src.name);
  const emails = numbered(`ada.lovelace@${domain}`, (n) => `ada.lovelace.${n}@${domain}`);
  const ids = numbered('E-1024', (n) => `E-1024-${n}`);
  const [takenEmails, takenIds] = await Promise.all([repo.takenEmails([...emails]), repo.takenEmployeeIds(organizationId, [...ids])]);
  const suffix = () => randomBytes(4).toString('hex');
  const usable = (names: string[], n: number) => names.filter(isTemplateName).slice(0, n);
  return {
    email: emails.find((e) => !takenEmails.includes(e)) ?? `ada.lovelace.${suffix()}@${domain}`,
    employeeId: ids.find((id) => !takenIds.includes(id)) ?? `E-${suffix()}`,
    workspaces: usable(src.workspaces, EXAMPLE_WORKSPACES),
    teams: usable(src.teams, 1),
    skills: usable(src.skills, 1),
  };
}
