import { HttpError } from '../lib/http';

/** The banner for an error that belongs to no single field: what went wrong, in the server's words. */
export function ErrorBanner({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const details = error instanceof HttpError ? error.details.filter((d) => !d.field || d.field === 'file') : [];
  return (
    <div className="banner error" role="alert">
      {message}
      {details.length > 1 && (
        <ul>
          {details.map((d) => (
            <li key={d.message}>{d.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
