import { parseEnv } from '@econ/server-kit/env';
import { z } from 'zod';

const Bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The API's configuration, read from the environment once at start and validated. */
export const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./.data/api'),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_BASE_URL: z.url().optional(),
    API_ADMIN_TOKEN: z.string().min(24, 'API_ADMIN_TOKEN must be at least 24 characters').optional(),
    V1_TOKEN_AUDIENCE: z.string().optional(),
    /**
     * How many reverse proxies in front of the API append to X-Forwarded-For. 0 (default): the
     * socket address counts; N: the Nth address from the right of X-Forwarded-For counts.
     */
    TRUST_PROXY: z
      .string()
      .default('0')
      .transform((v) => Number(v === 'false' ? '0' : v === 'true' ? '1' : v))
      .pipe(z.number({ error: 'TRUST_PROXY must be a number of proxies, true or false' }).int().min(0).max(10)),
    SWITCHOVER_AT: z.iso.datetime({ offset: true }).default('2026-11-07T00:00:00Z'),
    TOKEN_LEEWAY_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(8 * 1024 * 1024),
    LOG_REQUESTS: Bool.default(false),
    /** Key of the exports' signed links; when unset, one is generated once and kept in the database. */
    EXPORT_LINK_SECRET: z.string().min(32, 'EXPORT_LINK_SECRET must be at least 32 characters').optional(),
    /** Rows per export file before a new file is started. */
    EXPORT_ROWS_PER_FILE: z.coerce.number().int().min(1).default(5_000_000),
    /** A chunk of a run whose process shows no sign of life for this long is taken by another (decision 055). */
    JOB_CHUNK_STALE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    /** Wells per chunk of a run (default: 50 for econ runs, 200 for forecast runs). */
    RUN_CHUNK_WELLS: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .transform((e) => {
    const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, '');
    return {
      port: e.PORT,
      host: e.HOST,
      dataDir: e.DATA_DIR,
      databaseUrl: e.DATABASE_URL,
      publicBaseUrl,
      adminToken: e.API_ADMIN_TOKEN,
      v1Audiences: (e.V1_TOKEN_AUDIENCE ?? publicBaseUrl)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      trustProxyHops: e.TRUST_PROXY,
      switchoverAt: new Date(e.SWITCHOVER_AT),
      tokenLeewaySeconds: e.TOKEN_LEEWAY_SECONDS,
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      logRequests: e.LOG_REQUESTS,
      exportLinkSecret: e.EXPORT_LINK_SECRET,
      exportRowsPerFile: e.EXPORT_ROWS_PER_FILE,
      jobChunkStaleMs: e.JOB_CHUNK_STALE_SECONDS * 1000,
      runChunkWells: e.RUN_CHUNK_WELLS,
    };
  });

export type ApiConfig = z.output<typeof EnvSchema>;

/** Parses the environment; throws one readable error naming every bad variable. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return parseEnv(EnvSchema, env);
}
