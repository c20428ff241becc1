import { createFileRoute } from '@tanstack/react-router';
import { sendAway } from '../../components/RouteNotice';
import { ExportsPage } from '../../features/exports/components/ExportsPage';

/** Exports (admins and engineers): Parquet files behind signed, expiring links. Support cannot create exports. */
export const Route = createFileRoute('/_app/exports')({
  beforeLoad: ({ context }) => {
    if (context.user.role === 'support') throw sendAway('The exports page', 'admins and engineers', context.user.role);
  },
  component: ExportsPage,
});
