/** Letters and digits a person can read back without confusing them (no 0/O, 1/l/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A new client secret: `length` characters drawn uniformly from ALPHABET by the browser's CSPRNG (bytes at or above
 * the largest multiple of the alphabet's size are drawn again, so no character is likelier than another). 32
 * characters carry about 186 bits; the contract allows up to 256 (client.yaml `clientSecret`).
 */
export function newClientSecret(
  length = 32,
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length))) {
      if (byte < limit && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}
