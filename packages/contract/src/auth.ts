import { z } from 'zod';

/** `POST /v1/oauth/token` request (spec 4.1), as JSON or form-encoded. */
export const TokenRequest = z
  .object({
    grant_type: z.literal('client_credentials', { error: 'grant_type must be client_credentials' }),
    clientId: z
      .string({ error: 'clientId is required' })
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'clientId must be a UUID'),
    clientSecret: z.string({ error: 'clientSecret is required' }).min(1, 'clientSecret is required').max(512),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequest>;

/** Token lifetime in seconds (spec 5 rule 1, part 8). */
export const TOKEN_LIFETIME_SECONDS = 3600;

export const TokenResponse = z
  .object({
    access_token: z
      .string()
      .meta({ description: 'a JWT signed by the service (ES256, `kid` in /.well-known/jwks.json)' }),
    token_type: z.literal('Bearer'),
    expires_in: z.literal(TOKEN_LIFETIME_SECONDS),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Error body of the token endpoint (spec 7): `invalid_request`, `invalid credentials`, `too_many_requests`. */
export const TokenError = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .meta({ id: 'TokenError' });
export type TokenError = z.infer<typeof TokenError>;

/** `api-credentials.json` of a v2 credential ZIP (spec 5). */
export const V2CredentialFile = z
  .object({
    type: z.literal('api_client_credentials'),
    clientId: z.string(),
    clientSecret: z.string(),
    token_uri: z.url(),
    audience: z.string(),
  })
  .meta({ id: 'V2CredentialFile' });
export type V2CredentialFile = z.infer<typeof V2CredentialFile>;

/** `api-service-account-key.json` of a v1 (legacy) credential ZIP: a service-account key file. */
export const V1CredentialFile = z
  .object({
    type: z.literal('service_account'),
    project_id: z.string(),
    private_key_id: z.string(),
    private_key: z.string().startsWith('-----BEGIN PRIVATE KEY-----', 'private_key must be a PKCS#8 PEM'),
    client_email: z.string(),
    client_id: z.string(),
    token_uri: z.url(),
  })
  .meta({ id: 'V1CredentialFile' });
export type V1CredentialFile = z.infer<typeof V1CredentialFile>;

/** File names inside a credential ZIP. */
export const CREDENTIAL_ZIP_FILES = {
  v2: 'api-credentials.json',
  v1: 'api-service-account-key.json',
  apiKey: 'api-key.txt',
} as const;

export const CredentialVersion = z.enum(['v1', 'v2']);
export type CredentialVersion = z.infer<typeof CredentialVersion>;

/** At most 3 active credentials per company, v1 and v2 together (spec 2.10, 5 rule 4). */
export const MAX_ACTIVE_CREDENTIALS = 3;
/** The one-time ZIP link is valid for 1 hour after creation (spec 5 rule 2). */
export const CREDENTIAL_DOWNLOAD_WINDOW_SECONDS = 3600;
