import { createFileRoute, redirect } from '@tanstack/react-router';
import { ExportsPage } from '../../features/exports/components/ExportsPage';

/** Exports (admins and engineers): Parquet files behind signed, expiring links. Support cannot create exports. */
export const Route = createFileRoute('/_app/exports')({
  beforeLoad: ({ context }) => {
    if (context.user.role === 'support') throw redirect({ to: '/projects' });
  },
  component: ExportsPage,
});
