/**
 * /super/user: the user searcher by e-mail (docs/product.md, "Look-up"). A whole address
 * shows that user's details; the beginning of one lists the users of every organization
 * whose address starts with it, each a link to their details. The text is in the address
 * (?email=), so a result can be shared and the way back keeps it.
 */
import { LOOKUP_EMAIL_MAX, lookupEmail, lookupErrorCodes, type UserLookupForm, userLookupForm } from '@console/contracts/lookup';
import { zodResolver } from '@hookform/resolvers/zod';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/error-message';
import { isHttpError } from '../../../lib/http';
import { PageHeader } from '../../../lib/PageHeader';
import { fieldError } from '../../../lib/validation';
import { useLookupUser } from '../api/user';
import { useUsersByEmailStart } from '../api/users';
import { UserDetailsPanel } from '../components/UserDetailsPanel';
import { UsersByEmailList } from '../components/UsersByEmailList';

export function Component() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const form = useForm<UserLookupForm>({ defaultValues: { email }, resolver: zodResolver(userLookupForm) });
  const { errors } = form.formState;
  // A whole address is looked up; anything else the field takes is the start of addresses.
  const whole = email !== '' && lookupEmail.safeParse(email).success;
  const start = !whole && userLookupForm.safeParse({ email }).success ? email : '';
  const lookup = useLookupUser(whole ? email : '');
  const list = useUsersByEmailStart(start);

  // Back and forward change the address: the field follows it.
  useEffect(() => form.reset({ email }), [email, form]);

  const submit = form.handleSubmit(({ email: next }) => setParams(next ? { email: next } : {}));
  const notFound = isHttpError(lookup.error) && lookup.error.code === lookupErrorCodes.userNotFound;

  return (
    <>
      <PageHeader title={t('lookup:user.title')} intro={t('lookup:user.intro')} />
      <Box component="form" role="search" noValidate onSubmit={submit} aria-label={t('lookup:user.title')} sx={{ mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            {...form.register('email')}
            size="small"
            label={t('lookup:user.email')}
            helperText={fieldError(t, errors.email?.message, { max: LOOKUP_EMAIL_MAX }) ?? t('lookup:user.emailHint')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } }}
            error={!!errors.email}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            loading={lookup.isFetching || (list.isFetching && !list.isFetchingNextPage)}
            sx={{ mt: { sm: 0.25 } }}
          >
            {t('lookup:user.search')}
          </Button>
        </Stack>
      </Box>

      {email !== '' && !whole && !start && <Alert severity="info">{t('validation.tooLong', { max: LOOKUP_EMAIL_MAX })}</Alert>}
      {start && <UsersByEmailList start={start} list={list} />}
      {lookup.isLoading && <Skeleton variant="rounded" height={240} aria-label={t('lookup:user.loading')} />}
      {notFound && <Alert severity="warning">{t('lookup:user.notFound', { email })}</Alert>}
      {lookup.isError && !notFound && <Alert severity="error">{errorMessage(lookup.error, 'lookup:errors.loadUser')}</Alert>}
      {lookup.data && <UserDetailsPanel user={lookup.data} />}
    </>
  );
}
