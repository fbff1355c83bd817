/**
 * The `x-secret` properties of declared entities (openapi/README.md; e.g. the SMTP password of an image-generation
 * app config): every answer shows their first characters then `****` (mj-app-config.yaml), a write that sends that
 * mask back keeps the stored secret, and the database holds them encrypted (./secret-box.ts).
 *
 * Stored as `s1.<shown>.<sealed>`: `shown` (base64url) is what every answer shows anyway, so the mask needs no
 * decryption; `sealed` the box's ciphertext. A value stored before its property was marked (plain text) is masked
 * the same way and sealed by its row's next write.
 */
import { SecretBox } from './secret-box';
import type { Db } from '../db/index';

/** The key of the entity secrets in `smart_server_secret`. */
export const ENTITY_SECRET_KEY = 'entity_secret_aes256';
const FORMAT = 's1';

type Json = Record<string, unknown>;

/** What a mask shows of a secret: its first 4 characters, never more than half of it. */
const shownPart = (plain: string) => plain.slice(0, Math.min(4, Math.floor(plain.length / 2)));

function parts(stored: string): { shown: string; sealed: string } | undefined {
  const [format, shown, ...sealed] = stored.split('.');
  if (format !== FORMAT || shown === undefined || sealed.length === 0) return undefined;
  return { shown: Buffer.from(shown, 'base64url').toString('utf8'), sealed: sealed.join('.') };
}

/** The answer's value of a stored secret: '' stays '' (not set). */
export function maskSecret(stored: string): string {
  if (stored === '') return '';
  return `${parts(stored)?.shown ?? shownPart(stored)}****`;
}

/** The stored form of a sent secret, given the stored one (the mask sent back keeps it). */
export async function storeSecret(box: SecretBox, sent: string, stored: string | undefined): Promise<string> {
  if (sent === '') return '';
  const plain = stored && sent === maskSecret(stored) ? await revealSecret(box, stored) : sent;
  const shown = Buffer.from(shownPart(plain), 'utf8').toString('base64url');
  return `${FORMAT}.${shown}.${await box.seal(plain)}`;
}

/** The secret itself, for the adapter that uses it (an SMTP login). */
export async function revealSecret(box: SecretBox, stored: string): Promise<string> {
  const p = parts(stored);
  return p ? box.open(p.sealed) : stored;
}

const get = (obj: unknown, path: string[]): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), obj);

/** `obj` with `value` at `path`, copying each object on the way (the row and the body stay as they are). */
function withValue(obj: Json, path: string[], value: unknown): Json {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...obj, [head]: value };
  const inner = obj[head];
  if (!inner || typeof inner !== 'object') return obj;
  return { ...obj, [head]: withValue(inner as Json, rest, value) };
}

/** A view object with its secrets masked. */
export function maskSecrets(paths: readonly string[], vo: Json): Json {
  let out = vo;
  for (const path of paths) {
    const at = path.split('.');
    const v = get(out, at);
    if (typeof v === 'string') out = withValue(out, at, maskSecret(v));
  }
  return out;
}

/** The column values of a write with their secrets in stored form (`existing`: the row an update changes). */
export async function sealSecrets(
  box: SecretBox,
  paths: readonly string[],
  values: Json,
  existing: Json | undefined,
): Promise<Json> {
  let out = values;
  for (const path of paths) {
    const at = path.split('.');
    const sent = get(out, at);
    if (typeof sent !== 'string') continue;
    const stored = get(existing, at);
    out = withValue(out, at, await storeSecret(box, sent, typeof stored === 'string' ? stored : undefined));
  }
  return out;
}

export const entitySecretBox = (db: Db) => new SecretBox(db, ENTITY_SECRET_KEY);
