/**
 * The entities the contract declares (docs/architecture.md §3: the contract is the one source of every entity fact), derived
 * once from the contract the server serves by the SDK's `deriveEntities` (libs/api-sdk/src/manifest/derive.ts), the
 * same derivation that writes the console's manifests. Modules receive their manifest by name from here.
 *
 * A contract whose declarations are wrong (an operation that does not exist, a filter on an unknown field, …) stops
 * the server at start: serving it would mean routes, guards and menus that silently disagree with the console.
 */
import { deriveEntities, type ContractDocument, type EntityManifestData } from '@smart/api-sdk/manifest';
import { loadSpec } from '../spec';

export class EntityRegistry {
  private readonly byName: ReadonlyMap<string, EntityManifestData>;

  constructor(readonly all: readonly EntityManifestData[]) {
    this.byName = new Map(all.map((e) => [e.name, e]));
  }

  /** The manifest of the declared entity `name` (its contract tag); a module of an undeclared entity is a bug. */
  get(name: string): EntityManifestData {
    const e = this.byName.get(name);
    if (!e)
      throw new Error(
        `The contract declares no entity "${name}" (a tag with x-entity in openapi/openapi.yaml).`,
      );
    return e;
  }
}

/** The declared entities of `doc`; throws, listing every problem, when the declarations have errors. */
export function entityRegistry(doc: object): EntityRegistry {
  const { entities, errors } = deriveEntities(doc as ContractDocument);
  if (errors.length > 0) {
    throw new Error(
      `The contract's entity declarations have ${errors.length} error(s); fix openapi/ and regenerate:\n` +
        errors.map((e) => `  - ${e}`).join('\n'),
    );
  }
  return new EntityRegistry(entities);
}

let bundled: EntityRegistry | undefined;

/** The declared entities of the bundled contract (`loadSpec()`), derived on first use (seed steps, the app). */
export function declaredEntities(): EntityRegistry {
  bundled ??= entityRegistry(loadSpec());
  return bundled;
}
