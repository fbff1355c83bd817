/**
 * Write-only secrets of configuration rows: the OAuth client secret (docs/platform-contract.md §2.5) and the secret keys
 * of object storage and SMS configs (§3.15, §3.16). Answers never carry them, only the mask; a submit that sends the
 * mask back keeps the stored secret, so a form can be re-saved without knowing it.
 */
import { BizError } from '../util';

export const SECRET_MASK = '******';

/**
 * The secret to store from a submitted one: a real value replaces the stored secret; the mask keeps it on an update
 * (`stored` is the row's), and refuses a new row with `missing` (a new row needs a real secret).
 */
export function secretOf(sent: string, stored: string | undefined, missing: string): string {
  if (sent !== SECRET_MASK) return sent;
  if (stored === undefined) throw new BizError(missing);
  return stored;
}
