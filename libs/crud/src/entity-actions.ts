import { useCrudContext } from './crud-context';
import type { EntityActionKind, EntityManifestData } from '@smart/api-sdk/manifest';

/**
 * The button codes of which a further write of `entity` needs one (x-entity.actions names its kind, x-entity.buttons
 * the codes; a `submit` adds or edits, as the row's id decides on the server); undefined when the contract declares
 * none (the server then guards it by no button).
 */
export function actionButtons(entity: EntityManifestData, op: string): string[] | undefined {
  const need: EntityActionKind | undefined = entity.actions?.[op];
  if (!need) return undefined;
  const kinds = need === 'submit' ? (['add', 'edit'] as const) : [need];
  return kinds.flatMap((k) => entity.buttons[k] ?? []);
}

/** The declared action of `entity` whose operation id ends in `suffix` (a task's `UpdateCron`, `TriggerJob`). */
export const actionBySuffix = (entity: EntityManifestData, suffix: string): string | undefined =>
  Object.keys(entity.actions ?? {}).find((op) => op.endsWith(suffix));

/**
 * Whether the operator may call an action of `entity` (by its operation id): holds the button it needs, or the
 * contract names none. No operation (a suffix that found none): no.
 */
export function useCanAct(entity: EntityManifestData): (op: string | undefined) => boolean {
  const { can } = useCrudContext();
  return (op) => {
    if (!op) return false;
    const buttons = actionButtons(entity, op);
    return buttons === undefined || buttons.some((b) => can(b));
  };
}
