import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from './clock';

let counter = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5).toString('hex');

/**
 * A new object id: 24 hex characters, ordered by creation time like the ids clients of this
 * service already handle (4 bytes of seconds, 5 bytes per process, 3 bytes of counter).
 */
export function newObjectId(clock: Clock): string {
  const seconds = Math.floor(clock.now().getTime() / 1000);
  counter = (counter + 1) % 0x1000000;
  return seconds.toString(16).padStart(8, '0').slice(-8) + processPart + counter.toString(16).padStart(6, '0');
}

/** A new random secret, base64url, `bytes` of entropy. */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const newUuid = (): string => randomUUID();
