/**
 * The contract files of a generated entity (./gen-model.ts), in the style of the hand-written ones
 * (openapi/paths/smart-system/post.yaml, openapi/schemas/post.yaml): the schema file, the path file with the list's
 * `x-filter` and `x-sort`, and the tag with its `x-entity` and the paths for openapi/openapi.yaml.
 */
import { Document, isScalar, visit, type Node } from 'yaml';
import type { GenField, GenModel } from './gen-model';

type Json = Record<string, unknown>;

/** Short scalar collections (labels, small schemas, column lists) in flow style, as the hand-written files have them. */
const short = (items: unknown[]): boolean =>
  items.every((i) => isScalar(i)) && items.map((i) => String((i as Node).toJSON())).join(', ').length < 80;

/**
 * YAML text of the hand-written files' style: no anchors for repeated examples, and strings YAML 1.1 readers would
 * take for something else (`2026-11-22 10:30:00`, `yes`) quoted.
 */
function yaml(value: unknown): string {
  const doc = new Document(value, { aliasDuplicateObjects: false, version: '1.1' });
  visit(doc, {
    Map(_key, node) {
      if (node.items.length <= 3 && short(node.items.map((p) => p.value))) node.flow = true;
    },
    Seq(_key, node) {
      if (short(node.items)) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 118 });
}

const SAMPLE_TIME = '2026-11-22 10:30:00';
const SAMPLE_ID = '1123598821738675201';
const DATE = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const OPTIONAL_DATE = '^([0-9]{4}-[0-9]{2}-[0-9]{2})?$';
const OPTIONAL_ID = '^([0-9]{1,20})?$';

/** The field's value in the examples. */
function sample(f: GenField): unknown {
  switch (f.kind) {
    case 'string':
    case 'text':
      return f.label.zh.slice(0, f.maxLength ?? 64);
    case 'integer':
      return 1;
    case 'bigint':
      return f.required ? SAMPLE_ID : '';
    case 'decimal':
      return f.scale ? 1.5 : 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'datetime':
      return SAMPLE_TIME;
    case 'date':
      return '2026-11-22';
  }
}

/** The property schema of a field, with its labels and its rule. */
function property(f: GenField): Json {
  const described = { description: `${f.label.en} (column \`${f.column}\`).` };
  const labels: Json = { 'x-label': f.label };
  const choose = f.kind === 'boolean' || f.kind === 'date' || f.kind === 'datetime';
  if (f.required)
    labels['x-rule'] = {
      zh: `${choose ? '请选择' : '请输入'}${f.label.zh}`,
      en: `Please ${choose ? 'select' : 'enter'} the ${f.label.en.toLowerCase()}`,
    };
  switch (f.kind) {
    case 'string':
    case 'text': {
      const max = f.kind === 'text' ? 65535 : (f.maxLength ?? 255);
      return {
        type: 'string',
        ...(f.required ? { minLength: 1 } : {}),
        maxLength: max,
        ...described,
        ...labels,
        examples: [sample(f)],
      };
    }
    case 'integer':
      return { type: 'integer', ...described, ...labels, examples: [1] };
    case 'decimal':
    case 'number':
      return { type: 'number', ...described, ...labels, examples: [sample(f)] };
    case 'boolean':
      return { type: 'boolean', ...described, ...labels, examples: [true] };
    case 'bigint':
      return f.required
        ? { $ref: 'common.yaml#/Id', ...described, ...labels }
        : { type: 'string', pattern: OPTIONAL_ID, maxLength: 20, ...described, ...labels, examples: [''] };
    case 'datetime':
      return {
        $ref: f.required ? 'common.yaml#/DateTime' : 'business/patterns.yaml#/OptionalDateTime',
        ...described,
        ...labels,
      };
    case 'date':
      return {
        type: 'string',
        pattern: f.required ? DATE : OPTIONAL_DATE,
        maxLength: 10,
        ...described,
        ...labels,
        examples: [sample(f)],
      };
  }
}

/** The query parameter of a list filter, or undefined for a field the list does not filter by. */
function filterParam(f: GenField): Json | undefined {
  const base = { name: f.prop, in: 'query', required: false };
  if (f.kind === 'string')
    return {
      ...base,
      description: `Contains-match on ${f.label.en.toLowerCase()} (\`${f.prop}_equal\` matches it exactly).`,
      'x-filter': ['like', 'equal'],
      schema: { type: 'string', maxLength: f.maxLength ?? 255 },
      example: sample(f),
    };
  if (f.kind === 'integer' || f.kind === 'boolean')
    return {
      ...base,
      description: `Equality filter on ${f.label.en.toLowerCase()}.`,
      'x-filter': 'equal',
      schema: { type: f.kind },
      example: sample(f),
    };
  if (f.kind === 'bigint')
    return {
      ...base,
      description: `Equality filter on ${f.label.en.toLowerCase()}.`,
      'x-filter': 'equal',
      schema: { type: 'string', pattern: '^[0-9]{1,20}$', maxLength: 20 },
      example: SAMPLE_ID,
    };
  return undefined;
}

const AUDIT_EXAMPLE = {
  createUser: SAMPLE_ID,
  createDept: '1123598813738675201',
  createTime: SAMPLE_TIME,
  updateUser: SAMPLE_ID,
  updateTime: SAMPLE_TIME,
  status: 1,
  isDeleted: 0,
};

function envelope(description: string, data: Json, example: unknown): Json {
  return {
    type: 'object',
    description,
    required: ['code', 'success', 'msg', 'data'],
    properties: {
      code: { type: 'integer', const: 200, description: 'Always 200 on success.' },
      success: { type: 'boolean', const: true, description: 'Always true on success.' },
      msg: { type: 'string', maxLength: 255, description: 'Message.', examples: ['操作成功'] },
      data,
    },
    examples: [{ code: 200, success: true, msg: '操作成功', data: example }],
  };
}

/** `openapi/schemas/<tag>.yaml`. */
export function schemaYaml(m: GenModel): string {
  const P = m.pascal;
  const noun = m.label.en.toLowerCase();
  const values = Object.fromEntries(m.fields.map((f) => [f.prop, sample(f)]));
  const vo = {
    id: SAMPLE_ID,
    ...(m.tenant ? { tenantId: '000000' } : {}),
    ...values,
    ...(m.base ? AUDIT_EXAMPLE : { isDeleted: 0 }),
  };
  const submitExample = Object.fromEntries(m.fields.map((f) => [f.prop, values[f.prop]]));
  const required = m.fields.filter((f) => f.required).map((f) => f.prop);
  const ownProps: Json = { id: { $ref: 'common.yaml#/Id' } };
  if (m.tenant)
    ownProps.tenantId = {
      $ref: 'common.yaml#/TenantId',
      description: 'Tenant code of the row, filled from the token on create.',
      readOnly: true,
      'x-label': { zh: '租户编号', en: 'Tenant' },
    };
  if (!m.base)
    ownProps.isDeleted = {
      type: 'integer',
      enum: [0, 1],
      description: 'Logical delete flag, 0 live.',
      readOnly: true,
      examples: [0],
    };
  const page = { total: 1, size: 10, current: 1, pages: 1, records: [vo] };
  return yaml({
    [`${P}Fields`]: {
      type: 'object',
      description: `Editable fields of a ${noun} (generated from the table \`${m.sourceTable}\`).`,
      properties: Object.fromEntries(m.fields.map((f) => [f.prop, property(f)])),
    },
    [P]: {
      description: `A ${noun}.`,
      allOf: [
        { type: 'object', required: Object.keys(vo), properties: ownProps },
        { $ref: `#/${P}Fields` },
        ...(m.base ? [{ $ref: 'common.yaml#/AuditColumns' }] : []),
      ],
      examples: [vo],
    },
    [`${P}Submit`]: {
      description: 'Body of `submit`; without `id` it creates, with `id` it updates that row.',
      allOf: [
        {
          type: 'object',
          ...(required.length ? { required } : {}),
          properties: {
            id: { $ref: 'common.yaml#/Id', description: 'Id of the row to update; absent to create.' },
          },
        },
        { $ref: `#/${P}Fields` },
      ],
      examples: [submitExample],
    },
    [`${P}Page`]: {
      description: `A page of ${noun} rows.`,
      allOf: [
        { $ref: 'common.yaml#/PageMeta' },
        {
          type: 'object',
          required: ['records'],
          properties: {
            records: { type: 'array', description: 'Rows of the page.', items: { $ref: `#/${P}` } },
          },
        },
      ],
      examples: [page],
    },
    [`${P}PageEnvelope`]: envelope(`Envelope of a page of ${noun} rows.`, { $ref: `#/${P}Page` }, page),
    [`${P}Envelope`]: envelope(`Envelope of one ${noun}.`, { $ref: `#/${P}` }, vo),
  });
}

const ANSWERS = {
  '400': { $ref: '../../components/responses.yaml#/BadRequest' },
  '401': { $ref: '../../components/responses.yaml#/Unauthorized' },
};
const SECURITY = [{ clientBasic: [], smartAuth: [] }];

/** `openapi/paths/<service>/<tag>.yaml`: list, detail, submit and remove. */
export function pathsYaml(m: GenModel): string {
  const { entity: tag, camel, pascal: P } = m;
  const noun = m.label.en.toLowerCase();
  const schemas = `../../schemas/${tag}.yaml`;
  const json = (ref: string) => ({ 'application/json': { schema: { $ref: `${schemas}#/${ref}` } } });
  const sorts = [
    'id',
    ...m.fields.filter((f) => f.sortable && f.kind !== 'text' && f.kind !== 'boolean').map((f) => f.column),
    ...(m.base ? ['create_time', 'update_time'] : []),
  ];
  const filters = m.fields.map(filterParam).filter((p) => p !== undefined);
  const op = (id: string, summary: string, description: string, rest: Json) => ({
    operationId: `${camel}${id}`,
    tags: [tag],
    summary,
    description,
    ...rest,
  });
  return yaml({
    list: {
      get: op(
        'List',
        `Page of ${noun} rows`,
        `Every ${noun}${m.tenant ? " of the caller's tenant" : ''}, newest first.`,
        {
          'x-sort': sorts,
          security: SECURITY,
          parameters: [
            ...['Current', 'Size', 'Ascs', 'Descs'].map((p) => ({
              $ref: `../../components/parameters.yaml#/${p}`,
            })),
            ...filters,
          ],
          responses: { '200': { description: 'The page.', content: json(`${P}PageEnvelope`) }, ...ANSWERS },
        },
      ),
    },
    detail: {
      get: op('Detail', `One ${noun}`, `The ${noun} with this id; an unknown id answers 400.`, {
        security: SECURITY,
        parameters: [{ $ref: '../../components/parameters.yaml#/Id' }],
        responses: { '200': { description: `The ${noun}.`, content: json(`${P}Envelope`) }, ...ANSWERS },
      }),
    },
    submit: {
      post: op(
        'Submit',
        `Create or update a ${noun}`,
        `Without \`id\` the ${noun} is created; with \`id\` that row is updated.`,
        {
          security: SECURITY,
          requestBody: { required: true, content: json(`${P}Submit`) },
          responses: { '200': { $ref: '../../components/responses.yaml#/Ok' }, ...ANSWERS },
        },
      ),
    },
    remove: {
      post: op(
        'Remove',
        `Remove ${noun} rows`,
        `Logically deletes the listed rows; unknown ids are ignored.`,
        {
          security: SECURITY,
          parameters: [{ $ref: '../../components/parameters.yaml#/Ids' }],
          responses: { '200': { $ref: '../../components/responses.yaml#/Ok' }, ...ANSWERS },
        },
      ),
    },
  });
}

/** The tag (with `x-entity`) and the paths to add to openapi/openapi.yaml, as a YAML fragment of that file. */
export function openapiSnippet(m: GenModel): string {
  const { entity: tag, service } = m;
  const kinds = ['add', 'edit', 'delete', 'view'] as const;
  const fragment = {
    tags: [
      {
        name: tag,
        description: `${m.label.en} (${service}/${tag}), generated from the table \`${m.sourceTable}\`.`,
        'x-entity': {
          label: m.label,
          operations: {
            list: `${m.camel}List`,
            detail: `${m.camel}Detail`,
            submit: `${m.camel}Submit`,
            remove: `${m.camel}Remove`,
          },
          buttons: Object.fromEntries(kinds.map((k) => [k, `${tag}_${k}`])),
          menu: {
            code: tag,
            name: m.label,
            parent: m.group,
            path: `/${m.group}/${tag}`,
            icon: 'file-text',
            sort: 1,
          },
        },
      },
    ],
    paths: Object.fromEntries(
      ['list', 'detail', 'submit', 'remove'].map((r) => [
        `/api/${service}/${tag}/${r}`,
        { $ref: `paths/${service}/${tag}.yaml#/${r}` },
      ]),
    ),
  };
  return (
    `# openapi/openapi.yaml: add the tag to \`tags\` and the paths to \`paths\`. The menu's \`sort\` is the page's\n` +
    `# position among the pages of the group \`${m.group}\` in apps/server/src/db/seed-menus.ts (1 if it is the first).\n` +
    yaml(fragment)
  );
}
