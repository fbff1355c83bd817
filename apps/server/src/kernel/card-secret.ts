/**
 * Secrets and numbers of card keys (docs/automation-domain.md §2.5 `rpa_card_password`, §4.4): made by the card
 * groups' `generate`, checked by the cards' `redeem` (openapi/paths/smart-rpa/).
 *
 * A secret is 16 characters of a 32-letter alphabet without 0, 1, I and O (80 bits from the secure random source),
 * shown once in groups of four. Only a redemption needs it again, and only to compare, so it is stored as
 * `c1.<salt>.<HMAC-SHA256(salt.secret)>` under a key of `smart_server_secret` (./secret-box.ts): a reader of the cards'
 * table can neither redeem nor test guesses offline, and two cards with one secret would not share a stored value.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index';
import { chinaDate } from './datetime';
import { SecretBox } from './secret-box';

/** The key of the card secrets' HMAC in `smart_server_secret`. */
export const CARD_SECRET_KEY = 'rpa_card_secret_hmac';
const FORMAT = 'c1';
/** 32 letters: a byte's low 5 bits pick one without bias. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const SECRET_LENGTH = 16;

/** The box whose key signs the secrets (one per database, shared by every instance). */
export const cardSecretBox = (db: Db) => new SecretBox(db, CARD_SECRET_KEY);

/** A new secret as it is shown: `K7P2-QX9M-3JHT-8W4D`. */
export function newCardSecret(): string {
  const chars = [...randomBytes(SECRET_LENGTH)].map((b) => ALPHABET[b & 31]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** What is hashed and compared: the secret as typed, without dashes, spaces and case. */
export const normalCardSecret = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();

/** The stored form of a secret. */
export async function hashCardSecret(box: SecretBox, secret: string): Promise<string> {
  const salt = randomBytes(8).toString('base64url');
  return `${FORMAT}.${salt}.${await box.mac(`${salt}.${normalCardSecret(secret)}`)}`;
}

/**
 * Whether `typed` is the secret of `stored`. A stored value of another form (a card typed in before secrets were
 * hashed, cleared by migration 0020) matches nothing; its check still costs one HMAC, as an unknown card's does
 * (`stored` undefined), so the time taken does not tell them from a wrong secret.
 */
export async function cardSecretMatches(box: SecretBox, stored: string | undefined, typed: string) {
  const [format, salt, mac] = (stored ?? '').split('.');
  const ours = format === FORMAT && salt !== undefined && mac !== undefined;
  const actual = Buffer.from(await box.mac(`${ours ? salt : 'none'}.${normalCardSecret(typed)}`));
  const expected = ours ? Buffer.from(mac) : Buffer.alloc(actual.length);
  return ours && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A new card number: the group's prefix, the China day (`yyyyMMdd`, ./datetime.ts), 8 random digits. Unique by the
 * table's index (src/db/schema-rpa.ts), not by luck: the generator replaces the numbers it finds taken.
 */
export function newCardNo(prefix: string, now = new Date()): string {
  const day = chinaDate(now).replaceAll('-', '');
  return `${prefix}${day}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}
