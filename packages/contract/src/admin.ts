import { z } from 'zod';
import { CredentialVersion } from './auth';
import { noNul, ObjectId, Timestamp } from './common';

export const CompanyCreate = z
  .object({
    name: noNul(z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters')),
  })
  .meta({ id: 'CompanyCreate' });
export type CompanyCreate = z.infer<typeof CompanyCreate>;

export const Company = z
  .object({ id: ObjectId, name: z.string(), createdAt: Timestamp, activeCredentials: z.number().int() })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof Company>;

/** Returned once, at creation: the only answer that carries the API key. */
export const CompanyCreated = Company.extend({
  apiKey: z.string().meta({ description: 'the `x-api-key` of the company, for v1 and v2 credentials alike' }),
}).meta({ id: 'CompanyCreated' });
export type CompanyCreated = z.infer<typeof CompanyCreated>;

export const CredentialStatus = z.enum(['active', 'revoked']);

/** Credential metadata: never a secret. */
export const Credential = z
  .object({
    id: ObjectId,
    companyId: ObjectId,
    version: CredentialVersion,
    status: CredentialStatus,
    clientId: z.string().optional().meta({ description: 'v2: the clientId' }),
    clientEmail: z.string().optional().meta({ description: 'v1: the client_email of the key file' }),
    keyId: z.string().optional().meta({ description: 'v1: the private_key_id (the `kid` of its tokens)' }),
    createdAt: Timestamp,
    revokedAt: Timestamp.optional(),
    downloadExpiresAt: Timestamp,
    downloaded: z.boolean(),
  })
  .meta({ id: 'Credential' });
export type Credential = z.infer<typeof Credential>;

export const CredentialCreate = z
  .object({ companyId: ObjectId, version: CredentialVersion.default('v2') })
  .meta({ id: 'CredentialCreate' });
export type CredentialCreate = z.infer<typeof CredentialCreate>;

export const CredentialCreated = z
  .object({
    credential: Credential,
    download: z.object({
      url: z.url().meta({ description: 'one-time link to the credential ZIP; valid for 1 hour, once' }),
      expiresAt: Timestamp,
    }),
  })
  .meta({ id: 'CredentialCreated' });
export type CredentialCreated = z.infer<typeof CredentialCreated>;
