import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { API_URL } from './fakeApi';

/** A v1 (service-account) credential for tests: a fresh 2048-bit RSA key in the key file the API hands out. */
export const { publicKey: V1_PUBLIC_KEY, privateKey: V1_PRIVATE_KEY } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
export const V1_FILE = {
  type: 'service_account',
  project_id: '6b0000000000000000000001',
  private_key_id: randomBytes(20).toString('hex'),
  private_key: V1_PRIVATE_KEY,
  client_email: 'api-svc@6b0000000000000000000001.iam.api.test',
  client_id: '104729104729104729',
  token_uri: `${API_URL}/v1/oauth/token`,
};
export const V1_API_KEY = 'v1-api-key-abcdef0123456789';

/** The v1 credential ZIP, optionally under another client_email or API key. */
export const v1Zip = (opts: { clientEmail?: string; apiKey?: string } = {}) =>
  zipSync({
    'api-service-account-key.json': strToU8(
      JSON.stringify({ ...V1_FILE, client_email: opts.clientEmail ?? V1_FILE.client_email }),
    ),
    'api-key.txt': strToU8(`${opts.apiKey ?? V1_API_KEY}\n`),
  });
