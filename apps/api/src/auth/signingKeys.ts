import { randomBytes } from 'node:crypto';
import { desc } from 'drizzle-orm';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Clock } from '../clock';
import type { Db } from '../db/connection';
import { signingKeys } from '../db/schema';

/** The algorithm of the service's own tokens. */
export const SIGNING_ALG = 'ES256';

interface LoadedKey {
  kid: string;
  publicJwk: JWK;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  createdAt: Date;
}

/**
 * The token-signing keys. They live in the database so every replica signs and verifies with the
 * same keys; this process keeps an imported copy and reloads when it meets an unknown `kid`.
 */
export class SigningKeys {
  #keys = new Map<string, LoadedKey>();
  #current: LoadedKey | undefined;
  #lastReload = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Loads the keys, creating the first one when there is none. */
  async init(): Promise<void> {
    await this.#reload();
    if (this.#current) return;
    const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = `sk-${randomBytes(8).toString('hex')}`;
    const pub = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    const priv = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    await this.db
      .insert(signingKeys)
      .values({
        kid,
        alg: SIGNING_ALG,
        publicJwk: JSON.stringify(pub),
        privateJwk: JSON.stringify(priv),
        createdAt: this.clock.now(),
      })
      .onConflictDoNothing();
    await this.#reload();
  }

  async #reload(): Promise<void> {
    this.#lastReload = Date.now();
    const rows = await this.db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
    const next = new Map<string, LoadedKey>();
    for (const row of rows) {
      const known = this.#keys.get(row.kid);
      if (known) {
        next.set(row.kid, known);
        continue;
      }
      const publicJwk = JSON.parse(row.publicJwk) as JWK;
      next.set(row.kid, {
        kid: row.kid,
        publicJwk,
        publicKey: (await importJWK(publicJwk, row.alg)) as CryptoKey,
        privateKey: (await importJWK(JSON.parse(row.privateJwk) as JWK, row.alg)) as CryptoKey,
        createdAt: row.createdAt,
      });
    }
    this.#keys = next;
    this.#current = rows[0] ? next.get(rows[0].kid) : undefined;
  }

  /** The key new tokens are signed with (the newest). */
  current(): { kid: string; privateKey: CryptoKey } {
    if (!this.#current) throw new Error('signing keys not initialised');
    return this.#current;
  }

  /** Whether `kid` names one of the service's keys, without a reload. */
  isOwnKid(kid: string): boolean {
    return this.#keys.has(kid);
  }

  /**
   * The public key for `kid`; an unknown kid triggers at most one reload every 5 seconds, so a
   * stream of made-up kids cannot turn into a stream of queries.
   */
  async publicKey(kid: string): Promise<CryptoKey | undefined> {
    const hit = this.#keys.get(kid);
    if (hit) return hit.publicKey;
    if (Date.now() - this.#lastReload < 5000) return undefined;
    await this.#reload();
    return this.#keys.get(kid)?.publicKey;
  }

  /** The JSON Web Key Set published at `/.well-known/jwks.json`. */
  jwks(): { keys: JWK[] } {
    return { keys: [...this.#keys.values()].map((k) => k.publicJwk) };
  }
}
