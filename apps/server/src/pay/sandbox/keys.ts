/** Key pairs of the sandbox, generated on first use (RSA 2048 takes tens of milliseconds; most starts never pay). */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function lazyKeyPair(): () => KeyPair {
  let pair: KeyPair | undefined;
  return () => (pair ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));
}

/** Random `[0-9A-Za-z]` of `length` (ids, nonces, the APIv3 key). */
export function randomAlnum(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}

export const randomDigits = (length: number): string =>
  [...randomBytes(length)].map((b) => String(b % 10)).join('');
