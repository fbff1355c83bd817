import argon2 from 'argon2';

/**
 * Passwords travel as the lower-case md5 hex of the plain password (docs/spec.md §5); the server stores an argon2id
 * hash of that md5 string (docs/architecture.md §5). Parameters: OWASP's argon2id baseline (19 MiB, t=2, p=1).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(md5Hex: string): Promise<string> {
  return argon2.hash(md5Hex.toLowerCase(), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies; with no stored hash it still spends the same time, so unknown accounts are not revealed by timing. */
export async function verifyPassword(stored: string | undefined, md5Hex: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('00000000000000000000000000000000');
    await argon2.verify(await dummyHash, md5Hex).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(stored, md5Hex.toLowerCase());
  } catch {
    return false;
  }
}
