import { LoginInput } from '@econ/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorBanner } from '../components/ErrorBanner';
import { FormField } from '../components/FormField';
import { sessionQuery, signIn } from '../features/auth/api/session';
import { applyServerErrors, invalid, withLabels } from '../lib/formErrors';

/** The sign-in form's labels, which its messages name fields by. */
const LABELS = { username: 'Username', password: 'Password' };

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().startsWith('/').optional() }),
  beforeLoad: async ({ context }) => {
    if (await context.queryClient.ensureQueryData(sessionQuery)) throw redirect({ to: '/' });
  },
  component: LoginPage,
});

function LoginPage() {
  const navigate = useNavigate();
  const search = Route.useSearch();
  const queryClient = useQueryClient();
  const [error, setBanner] = useState<unknown>();
  const form = useForm<LoginInput>({
    resolver: withLabels(zodResolver(LoginInput), LABELS),
    defaultValues: { username: '', password: '' },
  });
  // The page is for typing a name: the field has the keyboard when it opens.
  useEffect(() => form.setFocus('username'), [form.setFocus]);
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setBanner(undefined);
    try {
      queryClient.setQueryData(sessionQuery.queryKey, await signIn(values));
      await navigate({ to: search.redirect ?? '/' });
    } catch (e) {
      // A refused sign-in (401) names no field: it stays in the banner above the form.
      setBanner(applyServerErrors(e, ['username', 'password'], form.setError, { labels: LABELS }));
    }
  });
  return (
    <main className="login panel" id="main" tabIndex={-1}>
      <h1>Sign in to the console</h1>
      <ErrorBanner error={error} />
      <form onSubmit={submit} noValidate>
        <FormField id="username" label={LABELS.username} error={errors.username?.message}>
          <input
            id="username"
            autoComplete="username"
            {...invalid('username', !!errors.username)}
            {...form.register('username')}
          />
        </FormField>
        <FormField id="password" label={LABELS.password} error={errors.password?.message}>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            {...invalid('password', !!errors.password)}
            {...form.register('password')}
          />
        </FormField>
        <div className="row" style={{ marginTop: 16 }}>
          <button className="primary" type="submit" disabled={form.formState.isSubmitting}>
            Sign in
          </button>
        </div>
      </form>
    </main>
  );
}
