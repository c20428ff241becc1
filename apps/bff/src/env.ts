import { parseEnv } from '@econ/server-kit/env';
import { z } from 'zod';

/** The BFF's configuration, read once at start and validated. */
export const EnvSchema = z
  .object({
    BFF_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    BFF_HOST: z.string().default('127.0.0.1'),
    BFF_DATA_DIR: z.string().default('./.data/bff'),
    BFF_DATABASE_URL: z.url().optional(),
    /** The console's own origin (scheme://host:port), for the Origin check and the cookie's Secure flag. */
    PUBLIC_ORIGIN: z.url().optional(),
    API_BASE_URL: z.url().default('http://127.0.0.1:4000'),
    /** Where the token endpoint lives; the API itself by default. */
    AUTH_URL: z.url().optional(),
    /** `aud` of locally signed v1 tokens; the API base URL by default (what our API accepts). */
    V1_TOKEN_AUDIENCE: z.string().optional(),
    /** Lets admins create credentials at our own API (its admin routes); unset for a foreign API. */
    API_ADMIN_TOKEN: z.string().optional(),
    API_COMPANY_ID: z.string().optional(),
    BFF_SECRET_KEY: z.string().optional(),
    CONSOLE_ADMIN_PASSWORD: z.string().min(12, 'CONSOLE_ADMIN_PASSWORD must be at least 12 characters').optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** A credential ZIP installed into the vault on start when the vault is empty (`npm start` uses it for the demo). */
    BFF_SEED_CREDENTIAL_ZIP: z.string().optional(),
    /** The built SPA (vite build output); served at /. */
    WEB_DIST: z.string().default('./dist/web'),
    /** How long a proxied API request may wait for the API's response headers (a body then streams on). */
    API_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  })
  .transform((e) => {
    const origin = (e.PUBLIC_ORIGIN ?? `http://${e.BFF_HOST}:${e.BFF_PORT}`).replace(/\/+$/, '');
    const apiBaseUrl = e.API_BASE_URL.replace(/\/+$/, '');
    return {
      port: e.BFF_PORT,
      host: e.BFF_HOST,
      dataDir: e.BFF_DATA_DIR,
      databaseUrl: e.BFF_DATABASE_URL,
      origin,
      secureCookies: origin.startsWith('https://'),
      apiBaseUrl,
      authUrl: (e.AUTH_URL ?? apiBaseUrl).replace(/\/+$/, ''),
      v1Audience: e.V1_TOKEN_AUDIENCE ?? apiBaseUrl,
      apiAdminToken: e.API_ADMIN_TOKEN,
      apiCompanyId: e.API_COMPANY_ID,
      secretKey: e.BFF_SECRET_KEY,
      adminPassword: e.CONSOLE_ADMIN_PASSWORD,
      sessionIdleMs: e.SESSION_IDLE_MINUTES * 60 * 1000,
      webDist: e.WEB_DIST,
      apiTimeoutMs: e.API_TIMEOUT_SECONDS * 1000,
      seedCredentialZip: e.BFF_SEED_CREDENTIAL_ZIP,
    };
  });

export type BffConfig = z.output<typeof EnvSchema>;

export function readEnv(env: NodeJS.ProcessEnv = process.env): BffConfig {
  return parseEnv(EnvSchema, env);
}
