/**
 * /people (docs/product.md, "People"): the organization's users, by name, 50 at a time with
 * "load more", searched by the start of a name or an e-mail address (debounced) and filtered
 * by status and source, all kept in the address (?q=&status=&source=) so that the way back
 * from a person keeps them. Read-only.
 */
import { type PersonStatus, personStatuses, type UserSource, userSources } from '@console/contracts/people';
import Alert from '@mui/material/Alert';
import { useLocation, useSearchParams } from 'react-router';
import { useLocale } from '../../../i18n/use-locale';
import { useT } from '../../../i18n/use-t';
import { keysetItems } from '../../../lib/keyset-query';
import { LoadMore } from '../../../lib/LoadMore';
import { listPlaceholder } from '../../../lib/list-placeholder';
import { PageHeader } from '../../../lib/PageHeader';
import { paths } from '../../../lib/paths';
import { useSearchText } from '../../../lib/use-search-text';
import { usePeople } from '../api/people';
import { PeopleFilters } from '../components/PeopleFilters';
import { PeopleTable } from '../components/PeopleTable';
import type { PersonPageState } from './PersonPage';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

export function Component() {
  const { t } = useT();
  const { localize } = useLocale();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const status = oneOf(personStatuses, params.get('status'));
  const source = oneOf(userSources, params.get('source'));
  // The search lives in the address of the list, so that the way back from a person keeps it.
  const { text, setText, q } = useSearchText();

  /** One parameter of the address set (or removed when empty), the others kept. */
  const setParam = (name: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const list = usePeople({ q, status, source });
  const people = keysetItems(list.data, (p) => p.people);
  const filtered = q !== '' || !!status || !!source;
  // The list as it is on screen, its search and filters included: the person page's way back.
  const back: PersonPageState = { back: `${localize(paths.people())}${location.search}` };

  return (
    <>
      <PageHeader title={t('titles.people')} intro={t('people:intro')} />
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('people:readOnly')}
      </Alert>

      <PeopleFilters
        text={text}
        onText={setText}
        status={status}
        onStatus={(s: PersonStatus | undefined) => setParam('status', s)}
        source={source}
        onSource={(s: UserSource | undefined) => setParam('source', s)}
      />

      {listPlaceholder(list, people.length === 0, {
        failedKey: 'people:errors.loadList',
        empty: filtered ? t('people:list.noMatch') : t('people:list.empty'),
      }) ?? (
        <div aria-busy={list.isFetching} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <PeopleTable people={people} back={back} />
        </div>
      )}

      <LoadMore list={list} shown={people.length} total={people.length} text={t('people:list.shown', { count: people.length })} />
    </>
  );
}
