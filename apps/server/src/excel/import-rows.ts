/**
 * What the Excel imports (contract user.yaml `import-user`, region.yaml `import-region`) share once a sheet is read
 * (./workbook.ts): the form's own rules and messages for a row's cells, the report's lengths, the repeated keys of
 * a file, and the edit button that covering existing rows needs.
 */
import type { EntityField } from '@smart/api-sdk/manifest';
import { buttonAllowed } from '../auth/button-guard';
import { scopeCache } from '../auth/permissions';
import type { TokenClaims } from '../auth/tokens';
import { declaredEntities } from '../crud/entities';
import { NO_PERMISSION_MSG } from '../crud/index';
import type { Db } from '../db/index';
import { BizError } from '../util';

/** A NUL character, which PostgreSQL refuses in text: a sheet's cell may carry one (`_x0000_`). */
export const hasNul = (s: string): boolean => s.includes('\u0000');

/** Characters as the contract's lengths count them (code points, as Ajv does). */
export const codePoints = (s: string): number => [...s].length;

/** The first `max` characters (code points) of `s`. */
export const clip = (s: string, max: number): string => [...s].slice(0, max).join('');

/** The lengths of a refused row in a report (`*ImportFailure`: its key, its message). */
export const FAILURE_KEY_MAX = 64;
export const FAILURE_MSG_MAX = 255;

/** `{label}格式不正确`, the server's message for a value of a form field it refuses (src/kernel/validation-message.ts). */
export const fieldInvalid = (f: EntityField | undefined, fallback: string): string =>
  `${f?.label?.zh ?? fallback}格式不正确`;

/** The required message of a form field: its rule, else the label's invalid message. */
export const fieldRequired = (f: EntityField | undefined, fallback: string): string =>
  f?.rule?.zh ?? fieldInvalid(f, fallback);

/**
 * Why a text cell does not fit its form field, as a form sent through the entity's write would be refused: empty
 * while required, longer than its length, or off its pattern (Ajv's `u` flag). Undefined when it fits.
 */
export function textFieldMsg(
  f: EntityField | undefined,
  value: string,
  fallback: string,
): string | undefined {
  if (!value) return f?.required ? fieldRequired(f, fallback) : undefined;
  if (f?.maxLength !== undefined && codePoints(value) > f.maxLength) return fieldInvalid(f, fallback);
  if (f?.pattern !== undefined && !new RegExp(f.pattern, 'u').test(value)) return fieldInvalid(f, fallback);
  return undefined;
}

/**
 * The keys of a file seen so far: `repeats(key, row)` answers the row where `key` was first seen, or undefined (and
 * remembers this row) when it is new. An empty key repeats nothing: its row is refused by its own rules.
 */
export function firstRows(): (key: string, row: number) => number | undefined {
  const first = new Map<string, number>();
  return (key, row) => {
    if (!key) return undefined;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, row);
    return seen;
  };
}

/**
 * An import that covers existing rows (`isCovered` 1) edits them: the button guard asked for the entity's `add`
 * only (openapi.yaml `x-entity.actions`), so the caller needs the entity's `edit` button as well (401 `缺失权限`).
 */
export async function assertMayCover(
  db: Db,
  a: TokenClaims,
  entity: string,
  covering: boolean,
): Promise<void> {
  if (!covering) return;
  const edit = declaredEntities().get(entity).buttons.edit;
  if (!(edit && (await buttonAllowed(db, await scopeCache(db).get(), a, edit))))
    throw new BizError(NO_PERMISSION_MSG, 401);
}
