import { LoginInput } from '@econ/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorBanner } from '../components/ErrorBanner';
import { sessionQuery, signIn } from '../features/auth/api/session';
import { applyServerErrors } from '../lib/formErrors';

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
    resolver: zodResolver(LoginInput),
    defaultValues: { username: '', password: '' },
  });
  // The page is for typing a name: the field has the keyboard when it opens.
  useEffect(() => form.setFocus('username'), [form.setFocus]);
  const submit = form.handleSubmit(async (values) => {
    setBanner(undefined);
    try {
      queryClient.setQueryData(sessionQuery.queryKey, await signIn(values));
      await navigate({ to: search.redirect ?? '/' });
    } catch (e) {
      setBanner(applyServerErrors(e, ['username', 'password'], form.setError));
    }
  });
  return (
    <main className="login panel" id="main" tabIndex={-1}>
      <h1>Sign in to the console</h1>
      <ErrorBanner error={error} />
      <form onSubmit={submit} noValidate>
        <label htmlFor="username">Username</label>
        <input id="username" autoComplete="username" {...form.register('username')} />
        {form.formState.errors.username && <div className="field-error">{form.formState.errors.username.message}</div>}
        <label htmlFor="password">Password</label>
        <input id="password" type="password" autoComplete="current-password" {...form.register('password')} />
        {form.formState.errors.password && <div className="field-error">{form.formState.errors.password.message}</div>}
        <div className="row" style={{ marginTop: 16 }}>
          <button className="primary" type="submit" disabled={form.formState.isSubmitting}>
            Sign in
          </button>
        </div>
      </form>
    </main>
  );
}
