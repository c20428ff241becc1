import Papa from 'papaparse';

/** A production file: a dropped file (read in slices) or pasted text (from Excel: tab-separated). */
export type CsvSource = File | string;

/** Bytes (characters for text) Papa Parse reads per chunk: ~15,000 rows of a typical file. */
export const CSV_CHUNK_SIZE = 1 << 20;

/** The first rows of a file: its header and a sample, and the delimiter Papa Parse found. */
export interface CsvHead {
  headers: string[];
  rows: string[][];
  delimiter: string;
}

/** A UTF-8 byte order mark Excel writes at the start of "CSV UTF-8" files. */
const stripBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);

/** Reads the header row and the next `sample` rows only (a large file is not read further). */
export function readHead(source: CsvSource, sample: number): Promise<CsvHead> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      preview: sample + 1,
      skipEmptyLines: 'greedy',
      complete: (results) => {
        const [first, ...rows] = results.data;
        if (!first || first.every((c) => c.trim() === '')) {
          reject(new Error('The file is empty: it needs a header row and at least one row of data.'));
          return;
        }
        resolve({
          headers: first.map((h, i) => stripBom(h).trim() || `column ${i + 1}`),
          rows,
          delimiter: results.meta.delimiter,
        });
      },
      error: (e: Error) => reject(new Error(`The file cannot be read: ${e.message}`)),
    });
  });
}

/** One chunk of a file's data rows: the rows, the row number of the first (the header is row 1), how far the parser is. */
export interface RowChunk {
  rows: string[][];
  firstRow: number;
  /** characters of the source parsed so far */
  cursor: number;
}

/**
 * The data rows of a file, chunk by chunk, the header row left out. Papa Parse is paused after
 * each chunk until the consumer asks for the next one, so a file is never read further ahead than
 * one chunk; leaving the loop early (`break`, an exception) aborts the parse.
 */
export async function* dataRows(
  source: CsvSource,
  delimiter: string,
  chunkSize = CSV_CHUNK_SIZE,
): AsyncGenerator<RowChunk> {
  const ready: RowChunk[] = [];
  let parser: Papa.Parser | undefined;
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let nextRow = 1;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  Papa.parse<string[]>(source, {
    delimiter,
    chunkSize,
    skipEmptyLines: false,
    chunk: (results, p) => {
      parser = p;
      p.pause();
      let rows = results.data;
      if (nextRow === 1) rows = rows.slice(1);
      const firstRow = nextRow === 1 ? 2 : nextRow;
      nextRow = firstRow + rows.length;
      ready.push({ rows, firstRow, cursor: results.meta.cursor });
      signal();
    },
    complete: () => {
      done = true;
      signal();
    },
    error: (e: Error) => {
      failure = new Error(`The file cannot be read: ${e.message}`);
      signal();
    },
  });
  try {
    while (true) {
      const chunk = ready.shift();
      if (chunk) {
        yield chunk;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      const waiting = new Promise<void>((r) => {
        wake = r;
      });
      parser?.resume();
      await waiting;
    }
  } finally {
    if (!done) parser?.abort();
  }
}
