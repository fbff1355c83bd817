/**
 * RSA keys from configuration. Alipay's console hands out keys as bare base64 (PKCS#8 or PKCS#1 private keys,
 * SPKI public keys); WeChat Pay as PEM files. Both are accepted, as text or as the path of a file holding it.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

function material(value: string): string {
  const v = value.trim();
  // a path to a key file (PEM text never starts with '/' or '.')
  if ((v.startsWith('/') || v.startsWith('.')) && existsSync(v)) return readFileSync(v, 'utf8').trim();
  return v;
}

const der = (b64: string) => Buffer.from(b64.replace(/\s+/g, ''), 'base64');

/** A private key from PEM, a file, or bare base64 DER (PKCS#8, else PKCS#1). Throws when none fits. */
export function loadPrivateKey(value: string, name: string): KeyObject {
  const v = material(value);
  try {
    if (v.startsWith('-----BEGIN')) return createPrivateKey(v);
    try {
      return createPrivateKey({ key: der(v), format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der(v), format: 'der', type: 'pkcs1' });
    }
  } catch {
    throw new Error(`${name} is not a readable RSA private key (PEM, a PEM file, or base64 PKCS#8/PKCS#1)`);
  }
}

/** A public key from PEM (a certificate too), a file, or bare base64 SPKI DER. Throws when none fits. */
export function loadPublicKey(value: string, name: string): KeyObject {
  const v = material(value);
  try {
    if (v.startsWith('-----BEGIN')) return createPublicKey(v);
    return createPublicKey({ key: der(v), format: 'der', type: 'spki' });
  } catch {
    throw new Error(`${name} is not a readable RSA public key (PEM, a PEM file, or base64 SPKI)`);
  }
}
