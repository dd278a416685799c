/**
 * /super/user: the user searcher by e-mail (docs/product.md, "Look-up"). The e-mail looked
 * up is in the address (?email=), so a result can be shared and the way back keeps it.
 */
import { lookupErrorCodes, type UserLookupForm, userLookupForm } from '@console/contracts/lookup';
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
import { UserDetailsPanel } from '../components/UserDetailsPanel';

export function Component() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const email = (params.get('email') ?? '').trim();
  const form = useForm<UserLookupForm>({ defaultValues: { email }, resolver: zodResolver(userLookupForm) });
  const { errors } = form.formState;
  // An address typed or shared by hand is checked like the field before anything is asked.
  const valid = email !== '' && userLookupForm.safeParse({ email }).success;
  const lookup = useLookupUser(valid ? email : '');

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
            type="email"
            size="small"
            label={t('lookup:user.email')}
            required
            autoComplete="off"
            error={!!errors.email}
            helperText={fieldError(t, errors.email?.message) ?? ' '}
            sx={{ width: { xs: '100%', sm: 360 } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} loading={lookup.isFetching} sx={{ mt: { sm: 0.25 } }}>
            {t('lookup:user.search')}
          </Button>
        </Stack>
      </Box>

      {email !== '' && !valid && <Alert severity="info">{t('validation.email')}</Alert>}
      {lookup.isLoading && <Skeleton variant="rounded" height={240} aria-label={t('lookup:user.loading')} />}
      {notFound && <Alert severity="warning">{t('lookup:user.notFound', { email })}</Alert>}
      {lookup.isError && !notFound && <Alert severity="error">{errorMessage(lookup.error, 'lookup:errors.loadUser')}</Alert>}
      {lookup.data && <UserDetailsPanel user={lookup.data} />}
    </>
  );
}
