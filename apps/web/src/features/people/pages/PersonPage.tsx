/**
 * /people/{id} (docs/product.md, "People"): one person of the organization, reached from the
 * list: their profile as the identity provider, an import or the API gave it (the manager by
 * name, a link to their page; a field nobody sent is left out, not shown as a dash), their
 * role, status and source, their invitation with "Resend invitation", and the workspaces,
 * teams and skills they were given. It says where this person is changed.
 */
import { type PersonView, peopleErrorCodes } from '@console/contracts/people';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { Breadcrumbs } from '../../../lib/Breadcrumbs';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { formatDateTime } from '../../../lib/format';
import { isHttpError } from '../../../lib/http';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { usePerson } from '../api/people';
import { PersonInvitation } from '../components/PersonInvitation';
import { PersonStatusChip } from '../components/PersonStatusChip';

/** Where the list link of the trail goes: the list as it was left (its search and filters), when known. */
export interface PersonPageState {
  back?: string;
}

const LABEL_WIDTH = 170;

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const location = useLocation();
  const { id = '' } = useParams();
  const person = usePerson(id);
  const p = person.data;
  const back = (location.state as PersonPageState | null)?.back;
  const notFound = isHttpError(person.error) && person.error.code === peopleErrorCodes.notFound;

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('titles.people'), to: paths.people(), href: back }, { label: p?.name ?? t('people:person.title') }]}
      />
      <PageHeader
        title={p?.name ?? t('people:person.title')}
        intro={
          p ? (
            <Stack component="span" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 0.5 }}>
              <span>{t(`dashboard:roles.${p.role}`)}</span>
              <PersonStatusChip status={p.status} />
            </Stack>
          ) : (
            '\u00a0'
          )
        }
      />
      {notFound ? (
        <Alert severity="warning">{t('people:person.notFound')}</Alert>
      ) : (
        listPlaceholder(person, false, { failedKey: 'people:errors.loadPerson', empty: '' })
      )}
      {p && (
        <>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t(`people:person.changeWhere.${p.source}`)}
          </Alert>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, lg: 8 }}>
              <Profile person={p} state={location.state} managerHref={p.manager ? localize(paths.person(p.manager.id)) : undefined} />
            </Grid>
            <Grid size={{ xs: 12, lg: 4 }}>
              <Stack spacing={3}>
                <Section title={t('people:invitation.title')} id="person-invitation">
                  <PersonInvitation person={p} />
                </Section>
                <Belongings person={p} />
              </Stack>
            </Grid>
          </Grid>
        </>
      )}
    </>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Profile({ person: p, state, managerHref }: { person: PersonView; state: unknown; managerHref?: string }) {
  const { t } = useT();
  // A field nobody sent is left out: a profile of twenty dashes hides the few that say something.
  const row = (label: string, value: ReactNode) =>
    value === null || value === undefined || value === '' || value === false ? null : (
      <DetailRow labelWidth={LABEL_WIDTH} label={label}>
        {value}
      </DetailRow>
    );
  return (
    <Section title={t('people:person.profile')} id="person-profile">
      <Stack component="dl" sx={{ m: 0 }}>
        {row(t('people:person.displayName'), p.name)}
        {row(t('people:person.givenName'), p.givenName)}
        {row(t('people:person.familyName'), p.familyName)}
        {row(t('people:person.formattedName'), p.formattedName)}
        {row(t('people:person.userName'), p.userName)}
        {row(
          t('people:person.email'),
          p.email && (
            <>
              {p.email}
              <CopyButton value={p.email} label={t('people:person.copyEmail')} />
            </>
          ),
        )}
        {row(t('people:person.workEmail'), p.workEmail)}
        {row(t('people:person.jobTitle'), p.title)}
        {row(t('people:person.phone'), p.phone)}
        {row(t('people:person.department'), p.department)}
        {row(t('people:person.costCenter'), p.costCenter)}
        {row(t('people:person.division'), p.division)}
        {row(t('people:person.organization'), p.organization)}
        {row(t('people:person.employeeNumber'), p.employeeNumber)}
        {row(
          t('people:person.manager'),
          p.manager && managerHref && (
            <Link component={RouterLink} to={managerHref} state={state} underline="hover" data-testid="person-manager">
              {p.manager.name}
            </Link>
          ),
        )}
        {row(t('people:person.role'), t(`dashboard:roles.${p.role}`))}
        {row(t('people:person.status'), <PersonStatusChip status={p.status} />)}
        {row(t('people:person.source'), t(`people:source.${p.source}`))}
        {row(t('people:person.createdAt'), formatDateTime(p.createdAt))}
        {row(t('people:person.updatedAt'), p.updatedAt !== p.createdAt ? formatDateTime(p.updatedAt) : null)}
        {row(t('people:person.lastLogin'), p.lastLoginAt ? formatDateTime(p.lastLoginAt) : t('people:person.never'))}
      </Stack>
    </Section>
  );
}

/** The workspaces, teams and skills an import, the identity provider or the API gave the person, each by name. */
function Belongings({ person: p }: { person: PersonView }) {
  const { t } = useT();
  const lists = [
    { key: 'workspaces', items: p.workspaces, more: p.moreWorkspaces },
    { key: 'teams', items: p.groups, more: p.moreGroups },
    { key: 'skills', items: p.skills, more: p.moreSkills },
  ] as const;
  return (
    <Section title={t('people:person.belongings')} id="person-belongings">
      <Stack spacing={2}>
        {lists.map(({ key, items, more }) => (
          <section key={key} aria-labelledby={`person-${key}`}>
            <Typography component="h3" variant="subtitle2" id={`person-${key}`} sx={{ mb: 0.5 }}>
              {t(`people:person.${key}`)}
            </Typography>
            {items.length === 0 ? (
              <Typography color="textSecondary">{t(`people:person.no.${key}`)}</Typography>
            ) : (
              <Stack component="ul" direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
                {items.map((g) => (
                  <li key={g.id}>
                    <Chip size="small" variant="outlined" label={g.name} />
                  </li>
                ))}
                {more > 0 && (
                  <Typography component="li" variant="body2" color="textSecondary" sx={{ alignSelf: 'center' }}>
                    {t('people:person.more', { count: more })}
                  </Typography>
                )}
              </Stack>
            )}
          </section>
        ))}
      </Stack>
    </Section>
  );
}
