import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useBanner } from '../../components/Banner';
import { sendAway } from '../../components/RouteNotice';
import { vaultQuery } from '../../features/credentials/api/credentials';
import { ActiveCount } from '../../features/credentials/components/ActiveCount';
import { CreateCredential } from '../../features/credentials/components/CreateCredential';
import { CredentialTable } from '../../features/credentials/components/CredentialTable';
import { UploadCredential } from '../../features/credentials/components/UploadCredential';

/** The credential vault (admins): the API credentials the console uses, created here or uploaded. */
export const Route = createFileRoute('/_app/credentials')({
  beforeLoad: ({ context }) => {
    if (context.user.role !== 'admin') throw sendAway('The credentials page', 'admins', context.user.role);
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(vaultQuery),
  component: CredentialsPage,
});

function CredentialsPage() {
  const { data } = useSuspenseQuery(vaultQuery);
  const { banner, report } = useBanner();
  return (
    <>
      <h1>API credentials</h1>
      {banner}
      <section className="panel" aria-labelledby="vault-title">
        <h2 id="vault-title">Vault</h2>
        <ActiveCount vault={data} />
        <CreateCredential vault={data} report={report} />
      </section>
      <CredentialTable credentials={data.credentials} report={report} />
      <UploadCredential report={report} />
    </>
  );
}
