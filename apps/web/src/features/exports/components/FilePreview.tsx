import { useQuery } from '@tanstack/react-query';
import { asyncBufferFromUrl, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet';
import { formatCell } from '../model/format';

/** Rows shown by a preview. */
export const PREVIEW_ROWS = 50;

/**
 * Reads the first rows of a Parquet file in the browser with hyparquet: the footer and the first
 * row group's pages only, by HTTP range requests on the (relayed) signed link, never the whole file.
 */
async function readPreview(url: string, byteLength: number | undefined) {
  const file = await asyncBufferFromUrl({ url, ...(byteLength === undefined ? {} : { byteLength }) });
  const metadata = await parquetMetadataAsync(file);
  const columns = parquetSchema(metadata).children.map((c) => c.element.name);
  const rows = await parquetReadObjects({ file, metadata, rowStart: 0, rowEnd: PREVIEW_ROWS });
  return { columns, rows, totalRows: Number(metadata.num_rows) };
}

export function FilePreview(props: { url: string; name: string; bytes: number | undefined }) {
  const q = useQuery({
    queryKey: ['export-preview', props.url],
    queryFn: () => readPreview(props.url, props.bytes),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return (
    <section aria-label={`Preview of ${props.name}`} data-source={props.url}>
      <h3>{`Preview: ${props.name}`}</h3>
      {q.isPending && <p className="muted">Reading the file…</p>}
      {q.isError && (
        <div className="banner error" role="alert">
          {`The preview could not read the file: ${q.error instanceof Error ? q.error.message : String(q.error)}`}
        </div>
      )}
      {q.data && (
        <>
          <p className="muted">{`First ${Math.min(PREVIEW_ROWS, q.data.rows.length)} of ${q.data.totalRows.toLocaleString('en-US')} rows, read in the browser`}</p>
          <div className="table-scroll">
            <table aria-label="Preview rows">
              <thead>
                <tr>
                  {q.data.columns.map((c) => (
                    <th key={c}>{c}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {q.data.rows.map((row, i) => (
                  // Rows of a file have no key of their own; their order is fixed.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the file's row order is the identity
                  <tr key={i}>
                    {q.data.columns.map((c) => (
                      <td key={c}>{formatCell((row as Record<string, unknown>)[c])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
