/**
 * The conformance suite (src/test/entity-conformance.ts) over every entity operators write in the bundled contract,
 * and the checks of the declarations themselves.
 */
import { deriveEntities, type ContractDocument } from '@smart/api-sdk/manifest';
import { describe, expect, it } from 'vitest';
import { writeGuards } from '../auth/button-guard';
import { loadSpec } from '../spec';
import { entityConformance, writableEntities } from '../test/entity-conformance';
import { backends } from '../test/harness';

const doc = loadSpec();
const derived = deriveEntities(doc as unknown as ContractDocument);

describe('entity declarations', () => {
  it('derive without errors, and at least post and param are declared', () => {
    expect(derived.errors).toEqual([]);
    expect(derived.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['post', 'param']));
  });

  it.each(derived.entities.map((e) => [e.name, e] as const))(
    '%s: writes are guarded by its page buttons',
    (_n, e) => {
      const guards = writeGuards(derived.entities);
      const page = e.menu?.code;
      expect(page, 'a declared entity has a page holding its buttons').toBeDefined();
      // an entity without an add button (a run batch the engine writes) is not written through its form at all
      if (e.operations.submit)
        expect(guards[e.operations.submit]).toEqual({ page, need: e.buttons.add ? 'submit' : 'add' });
      if (e.operations.save) expect(guards[e.operations.save]).toEqual({ page, need: 'add' });
      if (e.operations.update) expect(guards[e.operations.update]).toEqual({ page, need: 'edit' });
      if (e.operations.remove) expect(guards[e.operations.remove]).toEqual({ page, need: 'delete' });
      for (const [op, need] of Object.entries(e.actions ?? {}))
        expect(guards[op], op).toEqual({ page, need });
    },
  );
});

describe.each(backends)('entity conformance on %s', (kind) => {
  entityConformance(kind, doc, writableEntities(doc));
});
