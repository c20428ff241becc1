import type { TokenVerifier } from './auth/gate';
import type { SigningKeys } from './auth/signingKeys';
import type { Clock } from './clock';
import type { Db } from './db/connection';
import type { ApiConfig } from './env';

/** Who is calling, as established by the request gate. */
export interface AuthContext {
  companyId: string;
  credentialId: string;
  version: 'v1' | 'v2';
}

/** What every module is given: storage, configuration, the clock, the signing keys. */
export interface Deps {
  db: Db;
  config: ApiConfig;
  clock: Clock;
  keys: SigningKeys;
  verifier: TokenVerifier;
}

export type AppEnv = {
  Variables: { auth: AuthContext; requestId: string; deps: Deps };
};
