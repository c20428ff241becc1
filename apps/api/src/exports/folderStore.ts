import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, ExportStore } from './fileStore';

/** Keys are `<exportId>/<fileName>`; prefixes `<exportId>/`. Anything else is refused. */
const KEY = /^[0-9a-f]{24}\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const PREFIX = /^[0-9a-f]{24}\/?$/;
const EXPORT_ID = /^[0-9a-f]{24}$/;

/**
 * The default export store: a folder (`${DATA_DIR}/exports`), one sub-folder per export. Files are
 * written under a temporary name and renamed when complete, so a reader never sees half a file.
 * Keys are checked against the only form the service makes and resolved inside the root.
 */
export class FolderStore implements ExportStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The absolute path of a key, or an error for a key the service never makes. */
  private pathOf(key: string, pattern = KEY): string {
    if (!pattern.test(key) || key.includes('..')) throw new Error(`Invalid export store key ${JSON.stringify(key)}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Export store key ${JSON.stringify(key)} leaves the store`);
    return path;
  }

  async put(key: string, body: Readable | AsyncIterable<Uint8Array>): Promise<number> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.partial`;
    try {
      await pipeline(body instanceof Readable ? body : Readable.from(body), createWriteStream(tmp));
      await rename(tmp, path);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
    return (await stat(path)).size;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? s.size : undefined;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    const path = this.pathOf(key);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async deletePrefix(prefix: string): Promise<void> {
    const path = this.pathOf(prefix, PREFIX);
    await rm(path, { recursive: true, force: true });
  }

  async listExportIds(): Promise<string[]> {
    try {
      const entries = await readdir(this.root, { withFileTypes: true });
      return entries.filter((e) => e.isDirectory() && EXPORT_ID.test(e.name)).map((e) => e.name);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }
}
