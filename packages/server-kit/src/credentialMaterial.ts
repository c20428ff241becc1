import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto';
import {
  CREDENTIAL_ZIP_FILES,
  type CredentialVersion,
  type V1CredentialFile,
  type V2CredentialFile,
} from '@econ/contract';
import { strToU8, zipSync } from 'fflate';
import { hashSecret } from './secretHash';

/*
 * The credential ZIP as the API hands it out once: written here by the API's credential service and
 * read by the console backend's vault (apps/bff/src/vault/credentialZip.ts), whose tests parse
 * what this makes.
 */

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
    const clientId = randomUUID();
    const clientSecret = randomBytes(32).toString('base64url');
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
