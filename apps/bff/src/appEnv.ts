import type { Clock } from './clock';
import type { Db } from './db/connection';
import type { BffConfig } from './env';
import type { Role } from './roles';
import type { TokenProvider } from './tokens/tokenProvider';
import type { SecretBox } from './vault/secretBox';

export interface SessionUser {
  id: string;
  username: string;
  role: Role;
}

export interface BffDeps {
  db: Db;
  config: BffConfig;
  clock: Clock;
  box: SecretBox;
  tokens: TokenProvider;
  /** The fetch used to reach the API (tests inject the API app's own). */
  fetch: typeof fetch;
}

export type BffEnv = {
  Variables: { deps: BffDeps; user?: SessionUser; sessionId?: string; csrfToken?: string };
};
