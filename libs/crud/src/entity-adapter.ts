import type { EntityManifest } from '@smart/api-sdk/manifest';

import type { CrudAdapter } from './types';

function missing(entity: { name: string }, role: string): never {
  throw new Error(`The contract declares no ${role} operation for entity "${entity.name}" (x-entity)`);
}

/**
 * The write body of the dialog's values: without the view-only fields, and without the choices left empty — a
 * select the operator did not touch holds '', which an optional field whose contract values do not include '' (a
 * task's `priority`: high, middle, low) must not send: the server answers 400 to it, where leaving it out keeps the
 * server's default.
 */
function writeBody<Form>(entity: EntityManifest<unknown, Form>, form: Form): Form {
  const body = { ...(form as Record<string, unknown>) };
  for (const f of entity.fields) {
    // a field of the view only (the audit columns a detail carries, labels the server computes) is no part of
    // the write body the contract declares; values a page adds of its own (`extra`) are left alone
    if (!f.inForm && f.name !== 'id') {
      delete body[f.name];
      continue;
    }
    if (!f.enum || f.required || f.enum.includes('')) continue;
    if (body[f.name] === '' || body[f.name] === null) delete body[f.name];
  }
  return body as Form;
}

/**
 * The CRUD kit's data access for an entity, through the SDK functions its manifest binds (`entity.api`): what
 * param.adapter.ts used to write by hand. `submit` creates without an id and updates with one; where the contract
 * splits it, `save` creates and `update` updates. Rows are read and removed by their key (`key`: a region's code,
 * removed one a call); a lazy tree (`tree.lazy`) lists a level at a time. Tenant scoping is the server's.
 */
export function entityAdapter<Row, Form>(entity: EntityManifest<Row, Form>): CrudAdapter<Row, Form> {
  const { list, detail, submit, save, update, remove } = entity.api;
  const create = save ?? submit;
  const change = update ?? submit;
  const clean = (form: Form) => writeBody(entity as EntityManifest<unknown, Form>, form);
  const { key, tree } = entity;
  /** A lazy tree's level: the children of the row whose key `parent` is (every child: the filters found the rows). */
  const level = (parent: string | undefined, filters: object = {}) =>
    list!({ ...filters, ...(parent === undefined ? {} : { [tree!.parent]: parent }) } as never) as Promise<
      Row[]
    >;
  return {
    async list(params) {
      if (!list) return missing(entity, 'list');
      if (tree?.lazy) {
        // the top level (`tree.root`); a search instead finds matching rows at any level, which then open as rows
        const { current: _c, size: _s, ascs: _a, descs: _d, ...filters } = params;
        const searching = Object.values(filters).some((v) => v !== undefined && v !== '');
        const rows = await level(searching ? undefined : tree.root, filters);
        return { records: rows, total: rows.length };
      }
      if (tree) {
        // a forest is not paged: its list declares no current/size (dept.yaml deptList)
        const { current: _c, size: _s, ...filters } = params;
        const forest = await list(filters as never);
        return Array.isArray(forest) ? { records: forest, total: forest.length } : forest;
      }
      // The manifest types list parameters loosely (entity.ts); the kit's params are the contract's query names.
      const page = await list(params as never);
      return Array.isArray(page) ? { records: page, total: page.length } : page;
    },
    ...(tree?.lazy
      ? { children: (parent: Row) => level(String((parent as Record<string, unknown>)[key?.field ?? 'id'])) }
      : {}),
    detail: detail ? (id) => detail({ [key?.detail ?? 'id']: id } as never) : undefined,
    create(form) {
      if (!create) return missing(entity, 'create');
      // The dialog keeps the row's id field (empty when adding); a create must not carry one.
      const { id: _id, ...body } = form as Form & { id?: unknown };
      return create(clean(body as Form));
    },
    update: (form) => (change ? change(clean(form) as typeof form) : missing(entity, 'update')),
    async remove(ids) {
      if (!remove) return missing(entity, 'remove');
      if (!key || key.many) return remove({ [key?.remove ?? 'ids']: ids.join(',') } as never);
      // one row a call (region.yaml remove?id=): in order, stopping at the first the server refuses
      for (const id of ids) await remove({ [key.remove]: id } as never);
    },
  };
}
