import { createCipheriv, createDecipheriv, createHash, generateKeyPair, randomBytes } from 'node:crypto';
import {
  CREDENTIAL_ZIP_FILES,
  type CredentialVersion,
  type V1CredentialFile,
  type V2CredentialFile,
} from '@econ/contract';
import { strToU8, zipSync } from 'fflate';
import { hashSecret } from '../auth/secretHash';
import { newUuid, randomSecret } from '../ids';

/** What is stored of a new credential, and the ZIP handed out once. */
export interface CredentialMaterial {
  stored: {
    clientId: string | null;
    secretHash: string | null;
    publicKeyPem: string | null;
    keyId: string | null;
    clientEmail: string | null;
  };
  zip: Uint8Array;
}

const rsaKeyPair = () =>
  new Promise<{ publicKey: string; privateKey: string }>((resolve, reject) =>
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (err, publicKey, privateKey) => (err ? reject(err) : resolve({ publicKey, privateKey })),
    ),
  );

const json = (v: unknown) => strToU8(`${JSON.stringify(v, null, 2)}\n`);

/**
 * Generates the secret part of a credential: v2 a clientId and clientSecret (only a scrypt hash
 * kept), v1 an RSA key pair (only the public key kept) in a service-account key file.
 */
export async function makeCredentialMaterial(
  version: CredentialVersion,
  ctx: { credentialId: string; companyId: string; apiKey: string; publicBaseUrl: string },
): Promise<CredentialMaterial> {
  const tokenUri = `${ctx.publicBaseUrl}/v1/oauth/token`;
  const apiKeyFile = strToU8(`${ctx.apiKey}\n`);
  if (version === 'v2') {
    const clientId = newUuid();
    const clientSecret = randomSecret(32);
    const file: V2CredentialFile = {
      type: 'api_client_credentials',
      clientId,
      clientSecret,
      token_uri: tokenUri,
      audience: ctx.publicBaseUrl,
    };
    return {
      stored: {
        clientId,
        secretHash: await hashSecret(clientSecret),
        publicKeyPem: null,
        keyId: null,
        clientEmail: null,
      },
      zip: zipSync({ [CREDENTIAL_ZIP_FILES.v2]: json(file), [CREDENTIAL_ZIP_FILES.apiKey]: apiKeyFile }),
    };
  }
  const { publicKey, privateKey } = await rsaKeyPair();
  const keyId = randomBytes(20).toString('hex');
  const host = new URL(ctx.publicBaseUrl).hostname;
  const clientEmail = `api-${ctx.credentialId}@${ctx.companyId}.iam.${host}`;
  const file: V1CredentialFile = {
    type: 'service_account',
    project_id: ctx.companyId,
    private_key_id: keyId,
    private_key: privateKey,
    client_email: clientEmail,
    client_id: BigInt(`0x${randomBytes(8).toString('hex')}`)
      .toString()
      .padStart(21, '1'),
    token_uri: tokenUri,
  };
  return {
    stored: { clientId: null, secretHash: null, publicKeyPem: publicKey, keyId, clientEmail },
    zip: zipSync({ [CREDENTIAL_ZIP_FILES.v1]: json(file), [CREDENTIAL_ZIP_FILES.apiKey]: apiKeyFile }),
  };
}

/**
 * The one-time link: 16 bytes naming the row (stored only as a sha256) and 32 bytes of AES key
 * (never stored). Without the link the stored ZIP cannot be read.
 */
export interface DownloadLink {
  token: string;
  downloadId: string;
  key: Buffer;
}

export function newDownloadLink(): DownloadLink {
  const id = randomBytes(16);
  const key = randomBytes(32);
  return { token: Buffer.concat([id, key]).toString('base64url'), downloadId: sha256(id), key };
}

export function parseDownloadToken(token: string): { downloadId: string; key: Buffer } | undefined {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return undefined;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== 48) return undefined;
  return { downloadId: sha256(raw.subarray(0, 16)), key: raw.subarray(16) };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** AES-256-GCM: iv (12) | tag (16) | ciphertext. */
export function seal(key: Buffer, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens a sealed blob, or `undefined` when the key is wrong or the blob was altered. */
export function open(key: Buffer, sealed: Uint8Array): Uint8Array | undefined {
  const buf = Buffer.from(sealed);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]);
  } catch {
    return undefined;
  }
}
