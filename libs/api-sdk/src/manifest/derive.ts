/**
 * Contract → entity manifests (types.ts), and the check that the entity extensions are well formed.
 *
 * Reads the bundled contract (`openapi/dist/smart-api.json`: internal `#/components/...` references only).
 * The extensions (documented in `openapi/README.md`):
 * - tag `x-entity`: `{ label, operations: {list, detail, submit|save+update, remove}, buttons, actions, menu, unique,
 *   tree, columns, refs }` (refs: refs.ts; actions: further writes of the tag, each with the button kind it needs);
 * - list query parameter `x-filter`: a kind (`like`, `equal`, `dategt`, …) or a list of kinds, the first being the
 *   parameter's own; a suffixed parameter (`createTime_dategt`) filters the property before the suffix, by the
 *   suffix's kind without an x-filter; `false` for a parameter the module reads itself (no field filter);
 * - list operation `x-sort`: the snake_case columns `ascs` / `descs` accept (the bundle turns it into their pattern).
 */
import {
  FILTER_KINDS,
  type EntityButtonKind,
  type EntityField,
  type EntityFilter,
  type EntityManifestData,
  type EntityMenu,
  type EntityOperationRole,
  type EntityUnique,
  type FieldType,
  type FilterKind,
} from './types';
import {
  answerRecord,
  deref,
  isObj,
  jsonBody,
  localText,
  operations,
  properties,
  refName,
  valueSchema,
  type ContractDocument,
  type Json,
  type Operation,
} from './contract-schema';
import { linkRefs, readRefs, type PendingRef } from './refs';
import { readKey, readTree } from './row-key';
import { readActions, readAlsoTags } from './actions';

export { snakeCase, type ContractDocument } from './contract-schema';

const ROLES: readonly EntityOperationRole[] = ['list', 'detail', 'submit', 'save', 'update', 'remove'];
const BUTTONS: readonly EntityButtonKind[] = ['add', 'edit', 'delete', 'view'];
/** Paging and sorting parameters every list has; they filter nothing. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);
const ENTITY_KEYS = new Set([
  'label',
  'operations',
  'buttons',
  'actions',
  'alsoTags',
  'menu',
  'unique',
  'tree',
  'columns',
  'refs',
]);
const MENU_KEYS = ['code', 'parent', 'path', 'icon', 'sort'] as const;

function field(
  doc: ContractDocument,
  name: string,
  raw: Json,
  form: Json | undefined,
  required: boolean,
): EntityField {
  const { schema, ref, orEmpty } = valueSchema(doc, raw);
  const formSchema = form ? valueSchema(doc, form).schema : undefined;
  const s = { ...schema, ...formSchema };
  const type = (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type) as FieldType | undefined;
  const f: EntityField = {
    name,
    type: type ?? 'string',
    // a read-only property of the body (a counter, a label) is the server's: sent back, never edited
    inForm: form !== undefined && s.readOnly !== true,
    required,
    readOnly: s.readOnly === true,
  };
  if (s.writeOnly === true) f.writeOnly = true;
  if (type === 'array' && deref(doc, s.items).schema.type === 'string') f.items = 'string';
  const dateTime = ref === 'DateTime' || ref === 'OptionalDateTime';
  const format = dateTime ? 'date-time' : typeof s.format === 'string' ? s.format : undefined;
  if (format) f.format = format;
  const label = localText(s['x-label']);
  if (label) f.label = label;
  const rule = localText(s['x-rule']);
  if (rule) f.rule = rule;
  const placeholder = localText(s['x-placeholder']);
  if (placeholder) f.placeholder = placeholder;
  if (typeof s['x-dict'] === 'string') f.dict = s['x-dict'];
  if (['string', 'number', 'boolean'].includes(typeof s.default))
    f.default = s.default as string | number | boolean;
  if (Array.isArray(s.enum)) f.enum = s.enum as (string | number)[];
  for (const k of ['minLength', 'maxLength', 'minimum', 'maximum'] as const)
    if (typeof s[k] === 'number') f[k] = s[k] as number;
  if (typeof s.pattern === 'string') {
    // an anchored pattern that also admits '' (`^[0-9]{1,20}$` → `^([0-9]{1,20})?$`, patterns.yaml OptionalId)
    const p = s.pattern;
    f.pattern = orEmpty && p.startsWith('^') && p.endsWith('$') ? `^(${p.slice(1, -1)})?$` : p;
  }
  return f;
}

const filterKinds = (v: unknown): FilterKind[] | undefined => {
  const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : undefined;
  if (!list || list.length === 0) return undefined;
  return list.every((k) => FILTER_KINDS.includes(k as FilterKind)) ? (list as FilterKind[]) : undefined;
};

/** `createTime_dategt` → `createTime` and `dategt`; a plain name filters itself. */
function splitParam(name: string): { field: string; suffix?: FilterKind } {
  const i = name.lastIndexOf('_');
  const suffix = i > 0 ? name.slice(i + 1) : '';
  return FILTER_KINDS.includes(suffix as FilterKind)
    ? { field: name.slice(0, i), suffix: suffix as FilterKind }
    : { field: name };
}

interface Derived {
  entities: EntityManifestData[];
  errors: string[];
}

function deriveOne(
  doc: ContractDocument,
  tag: Json,
  ops: Map<string, Operation>,
  errors: string[],
  refs: PendingRef[],
) {
  const name = String(tag.name);
  const decl = tag['x-entity'];
  const where = `tag ${name} x-entity`;
  if (!isObj(decl)) return (errors.push(`${where}: must be an object`), undefined);
  for (const k of Object.keys(decl)) if (!ENTITY_KEYS.has(k)) errors.push(`${where}: unknown key ${k}`);
  const label = localText(decl.label);
  if (!label) errors.push(`${where}.label: needs zh and en`);

  const operationIds: Partial<Record<EntityOperationRole, string>> = {};
  const paths: Partial<Record<EntityOperationRole, string>> = {};
  const resolved: Partial<Record<EntityOperationRole, Json>> = {};
  const declaredOps = isObj(decl.operations) ? decl.operations : {};
  for (const [role, id] of Object.entries(declaredOps)) {
    if (!ROLES.includes(role as EntityOperationRole)) {
      errors.push(`${where}.operations: unknown role ${role}`);
      continue;
    }
    const op = typeof id === 'string' ? ops.get(id) : undefined;
    if (!op) {
      errors.push(`${where}.operations.${role}: no operation ${String(id)}`);
      continue;
    }
    if (!((op.op.tags as string[] | undefined) ?? []).includes(name))
      errors.push(`${where}.operations.${role}: ${String(id)} is not tagged ${name}`);
    operationIds[role as EntityOperationRole] = id as string;
    paths[role as EntityOperationRole] = op.path;
    resolved[role as EntityOperationRole] = op.op;
  }
  if (!resolved.list) errors.push(`${where}.operations: needs a list`);

  // The view object: the detail's data, else the list's records.
  const voNode = resolved.detail
    ? answerRecord(doc, resolved.detail, false)
    : resolved.list
      ? answerRecord(doc, resolved.list, true)
      : undefined;
  const schema = refName(doc, voNode);
  if (!voNode || !schema) {
    errors.push(`${where}: the ${resolved.detail ? 'detail' : 'list'} answer names no schema`);
    return undefined;
  }
  const vo = properties(doc, voNode);
  const formOp = resolved.submit ?? resolved.save;
  const formNode = formOp ? jsonBody(doc, formOp) : undefined;
  const form = formNode ? properties(doc, formNode) : undefined;
  if (formOp && !formNode) errors.push(`${where}: the submit/save operation has no JSON body`);

  const fields: EntityField[] = [];
  for (const [key, raw] of vo.props) {
    if (key === 'id') continue;
    const inForm = form?.props.get(key);
    fields.push(field(doc, key, raw, inForm, form?.required.has(key) ?? false));
  }
  const known = new Set(fields.map((f) => f.name));
  // fields of the shared id-list schema (patterns.yaml IdList): the ones a ref may declare `multiple`
  const idLists = new Set(
    [...vo.props].filter(([, raw]) => valueSchema(doc, raw).ref === 'IdList').map(([k]) => k),
  );
  refs.push(...readRefs(decl.refs, where, schema, fields, idLists, errors));

  const listOp = resolved.list;
  const formFields = new Set(fields.filter((f) => f.inForm).map((f) => f.name));
  const tree = readTree(doc, decl.tree, { id: operationIds.list, op: listOp }, formFields, where, errors);
  const key = readKey(doc, resolved.detail, resolved.remove, operationIds, known, where, errors);

  const filters: EntityFilter[] = [];
  for (const p of (listOp?.parameters as unknown[] | undefined) ?? []) {
    const param = deref(doc, p).schema;
    if (param.in !== 'query' || typeof param.name !== 'string' || PAGING.has(param.name)) continue;
    const at = `${operationIds.list} parameter ${param.name}`;
    // `x-filter: false`: the module reads the parameter itself (a department with its subtree, the tenant an
    // administrator acts in), so it is no plain filter of a field and derives no search
    if (param['x-filter'] === false) continue;
    // a lazy tree's parent parameter picks the level (row-key.ts), it filters nothing
    if (tree?.lazy && param.name === tree.parent) continue;
    const { field: f, suffix } = splitParam(param.name);
    // a suffixed parameter says its kind by its name; x-filter is needed only where the name does not
    const kinds = param['x-filter'] === undefined && suffix ? [suffix] : filterKinds(param['x-filter']);
    if (!kinds) {
      errors.push(`${at}: x-filter must be a filter kind or a list of them (${FILTER_KINDS.join(', ')})`);
      continue;
    }
    if (!known.has(f)) errors.push(`${at}: filters ${f}, which ${schema} does not have`);
    if (suffix && kinds[0] !== suffix) errors.push(`${at}: a _${suffix} parameter filters by ${suffix}`);
    filters.push({ param: param.name, field: f, kind: kinds[0]!, also: kinds.slice(1) });
  }

  const sorts: string[] = [];
  const rawSort = listOp?.['x-sort'];
  if (rawSort !== undefined) {
    if (!Array.isArray(rawSort) || rawSort.some((c) => typeof c !== 'string'))
      errors.push(`${operationIds.list} x-sort: must be a list of column names`);
    else
      for (const c of rawSort as string[]) {
        const camel = c.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());
        if (c !== 'id' && !known.has(camel))
          errors.push(`${operationIds.list} x-sort: ${schema} has no ${camel}`);
        sorts.push(c);
      }
  }

  const buttons: Partial<Record<EntityButtonKind, string>> = {};
  const declaredButtons = isObj(decl.buttons) ? decl.buttons : {};
  for (const [kind, code] of Object.entries(declaredButtons)) {
    if (!BUTTONS.includes(kind as EntityButtonKind)) errors.push(`${where}.buttons: unknown kind ${kind}`);
    else if (typeof code !== 'string' || !code.endsWith(`_${kind}`))
      errors.push(`${where}.buttons.${kind}: a code ending in _${kind}`);
    else buttons[kind as EntityButtonKind] = code;
  }

  const actions = readActions(
    decl.actions,
    where,
    [name, ...readAlsoTags(doc, decl.alsoTags, where, errors)],
    ops,
    operationIds,
    buttons,
    errors,
  );

  const unique: EntityUnique[] = [];
  const declaredUnique = decl.unique === undefined ? [] : decl.unique;
  if (!Array.isArray(declaredUnique)) errors.push(`${where}.unique: must be a list`);
  else
    declaredUnique.forEach((u: unknown, i) => {
      const keys = isObj(u) && Array.isArray(u.fields) ? (u.fields as unknown[]) : [];
      const message = isObj(u) ? localText(u.message) : undefined;
      const bad = keys.filter((k) => typeof k !== 'string' || !formFields.has(k));
      if (keys.length === 0 || !message || bad.length)
        errors.push(
          `${where}.unique[${i}]: needs fields of the form and a zh/en message` +
            (bad.length ? ` (not in the form: ${bad.join(', ')})` : ''),
        );
      else unique.push({ fields: keys as string[], message });
    });

  let menu: EntityMenu | undefined;
  if (decl.menu !== undefined) {
    const m = isObj(decl.menu) ? decl.menu : {};
    const missing = MENU_KEYS.filter((k) =>
      k === 'sort' ? typeof m[k] !== 'number' : typeof m[k] !== 'string',
    );
    const name = localText(m.name);
    if (!name) missing.push('name' as never);
    if (missing.length) errors.push(`${where}.menu: needs ${missing.join(', ')}`);
    else {
      const at = { code: m.code as string, name: name!, parent: m.parent as string, path: m.path as string };
      menu = { ...at, icon: m.icon as string, sort: m.sort as number };
      for (const [kind, code] of Object.entries(buttons))
        if (code !== `${menu.code}_${kind}`)
          errors.push(`${where}.buttons.${kind}: ${code} is not ${menu.code}_${kind}`);
    }
  }

  // Secrets: string properties marked x-secret, at the top or one level into an object property.
  const secrets: string[] = [];
  for (const [key, raw] of vo.props) {
    const { schema: top } = valueSchema(doc, raw);
    const nested = top.type === 'object' ? properties(doc, raw).props : new Map<string, Json>();
    const marked: [string, Json][] = [
      [key, top],
      ...[...nested].map(([k, v]): [string, Json] => [`${key}.${k}`, deref(doc, v).schema]),
    ];
    for (const [path, s] of marked) {
      if (s['x-secret'] === undefined) continue;
      if (s['x-secret'] !== true || s.type !== 'string')
        errors.push(`${schema}.${path} x-secret: true, on a string property`);
      else secrets.push(path);
    }
  }

  // The list's first columns, where the contract's field order is not what an operator reads first (a log).
  let columns: string[] | undefined;
  if (decl.columns !== undefined) {
    const list = Array.isArray(decl.columns) ? (decl.columns as unknown[]) : [];
    const bad = list.filter((c) => typeof c !== 'string' || !known.has(c));
    if (list.length === 0 || bad.length)
      errors.push(
        `${where}.columns: a list of fields of ${schema}` + (bad.length ? ` (not: ${bad.join(', ')})` : ''),
      );
    else columns = list as string[];
  }

  const manifest: EntityManifestData = {
    name,
    label: label ?? { zh: name, en: name },
    schema,
    operations: operationIds,
    paths,
    fields,
    filters,
    sorts,
    buttons,
    submitAnswersRow: formOp ? refName(doc, answerRecord(doc, formOp, false)) === schema : false,
    unique,
  };
  const formSchema = refName(doc, formNode);
  if (formSchema) manifest.formSchema = formSchema;
  if (actions) manifest.actions = actions;
  if (menu) manifest.menu = menu;
  if (tree) manifest.tree = tree;
  if (key) manifest.key = key;
  if (columns) manifest.columns = columns;
  if (secrets.length) manifest.secrets = secrets;
  return manifest;
}

/** Every entity the contract declares, and what is wrong with the declarations (empty when all is well). */
export function deriveEntities(doc: ContractDocument): Derived {
  const ops = operations(doc);
  const errors: string[] = [];
  const entities: EntityManifestData[] = [];
  const refs: PendingRef[] = [];
  for (const tag of doc.tags ?? []) {
    if (tag['x-entity'] === undefined) continue;
    const m = deriveOne(doc, tag, ops, errors, refs);
    if (m) entities.push(m);
  }
  // a ref names another entity: checked once every entity is derived
  linkRefs(entities, refs, errors);
  // Extensions outside a declared entity's list are misplaced: nothing would read them.
  const lists = new Set(entities.map((e) => e.operations.list));
  for (const [id, { op }] of ops) {
    if (op['x-sort'] !== undefined && !lists.has(id))
      errors.push(`${id} x-sort: not the list of a declared entity`);
    for (const p of (op.parameters as unknown[] | undefined) ?? []) {
      const param = deref(doc, p).schema;
      // `false` says what the parameter is not, which holds wherever a shared parameter is used
      if (param['x-filter'] !== undefined && param['x-filter'] !== false && !lists.has(id))
        errors.push(`${id} parameter ${String(param.name)}: x-filter outside the list of a declared entity`);
    }
  }
  return { entities, errors };
}
