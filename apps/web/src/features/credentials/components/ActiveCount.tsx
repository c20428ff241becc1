import type { VaultList } from '@econ/contract';

/**
 * The active-credential count against the API's limit, and how it adds up: the vault's credentials
 * active at the API, and the company's active credentials the vault does not hold (with where they
 * come from), or, when the console cannot ask the API, the vault's count.
 */
export function ActiveCount({ vault }: { vault: VaultList }) {
  const { atApi } = vault;
  return (
    <div className="active-count">
      <p>{`Active credentials: ${vault.activeCount} of ${vault.limit}`}</p>
      {atApi === null ? (
        <p className="muted">
          Counted from the vault: the console cannot ask the API (API_ADMIN_TOKEN and API_COMPANY_ID are not set), so
          credentials made elsewhere are not counted.
        </p>
      ) : (
        <>
          <p className="muted">
            {`${atApi.inVault} in this vault (below) and ${atApi.notInVault.length} not in this vault, as the API counts the company's active credentials.`}
            {vault.credentials.length > atApi.inVault &&
              ` ${vault.credentials.length - atApi.inVault} of the vault's are not active at the API (revoked there, or of another company).`}
          </p>
          {atApi.notInVault.length > 0 && (
            <table aria-label="Active at the API, not in this vault">
              <caption className="muted">
                Active at the API but not in this vault: made with the API's admin routes or by another console, or
                uploaded to another console. Revoke them at the API to free their places.
              </caption>
              <thead>
                <tr>
                  <th>Version</th>
                  <th>Principal</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {atApi.notInVault.map((c) => (
                  <tr key={c.id}>
                    <td>{c.version}</td>
                    <td className="credential-principal">{c.principal}</td>
                    <td>{new Date(c.createdAt).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
