// The zh message of a request the contract's schemas refused (docs/platform-contract.md: the envelope's `msg` is the
// user's words): a declared entity's own rule or label first, else the contract's `x-rule` / `x-label`, else Ajv's.
import type { FastifyError, FastifyRequest } from 'fastify';
import type { EntityRegistry } from '../crud/entities';
import { DATE_MSG } from './datetime';
import { pointerGet } from './json-pointer';

export const operationOf = (req: FastifyRequest): string | undefined =>
  (req.routeOptions?.schema as { operationId?: string } | undefined)?.operationId;

export interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The zh `x-rule` message (required / empty fields) or `x-label` of a body property, allOf-aware. */
function schemaText(schema: unknown, prop: string, key: 'x-rule' | 'x-label'): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as {
    properties?: Record<string, Partial<Record<typeof key, { zh?: string }>>>;
    allOf?: unknown[];
    content?: Record<string, { schema?: unknown }>;
  };
  for (const media of Object.values(s.content ?? {})) {
    const m = schemaText(media.schema, prop, key);
    if (m) return m;
  }
  const own = s.properties?.[prop]?.[key]?.zh;
  if (own) return own;
  for (const sub of s.allOf ?? []) {
    const m = schemaText(sub, prop, key);
    if (m) return m;
  }
  return undefined;
}

/** What a declared entity's form says of its fields in zh: the rule messages and the labels. */
export interface FormTexts {
  rules: Record<string, string>;
  labels: Record<string, string>;
}

/**
 * The zh rule and label of each form field of the declared entities' submit/save/update operations (their
 * manifests, see src/crud/entities.ts). The route schema alone misses rules written beside a `$ref` (notice.yaml
 * `releaseTime`): the bundled schema's reference siblings do not survive into the route's body schema.
 */
export function formTexts(entities: EntityRegistry): Map<string, FormTexts> {
  const out = new Map<string, FormTexts>();
  for (const e of entities.all) {
    const texts: FormTexts = { rules: {}, labels: {} };
    for (const f of e.fields) {
      if (!f.inForm) continue;
      if (f.rule) texts.rules[f.name] = f.rule.zh;
      if (f.label) texts.labels[f.name] = f.label.zh;
    }
    for (const op of [e.operations.submit, e.operations.save, e.operations.update])
      if (op) out.set(op, texts);
  }
  return out;
}

const CONTEXTS = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

export function validationMessage(
  err: FastifyError,
  req: FastifyRequest,
  forms: Map<string, FormTexts>,
  /** The contract's date patterns (src/spec.ts `datePatterns`). */
  dates: ReadonlySet<string> = new Set(),
): string {
  const errors = (err.validation as AjvErrorLike[] | undefined) ?? [];
  // an impossible date (month 13, February 30) says so with its value, as the server's date reader does
  const date = errors.find((e) => e.keyword === 'pattern' && dates.has(String(e.params.pattern)));
  if (date) {
    const context = CONTEXTS[err.validationContext as keyof typeof CONTEXTS];
    const value = context ? pointerGet(req[context], date.instancePath) : undefined;
    return typeof value === 'string' ? `${DATE_MSG}: ${value}` : DATE_MSG;
  }
  const first = errors[0];
  if (first && err.validationContext === 'body') {
    const prop =
      first.keyword === 'required'
        ? String(first.params.missingProperty ?? '')
        : first.keyword === 'minLength'
          ? first.instancePath.replace(/^\//, '')
          : '';
    const bodySchema = (req.routeOptions?.schema as { body?: unknown } | undefined)?.body;
    const declared = forms.get(operationOf(req) ?? '');
    // a declared entity's rule first: the manifest's, which the console shows too (a platform's own `content`
    // rule overrides the shared pattern's in dy_live.yaml DyLiveCommonFields, both under one allOf)
    const rule = prop
      ? ((declared && Object.hasOwn(declared.rules, prop) ? declared.rules[prop] : undefined) ??
        schemaText(bodySchema, prop, 'x-rule'))
      : undefined;
    if (rule) return rule;
    // any other refusal of a declared form field (a type, a pattern, a choice): its label, in the user's words
    const field = first.instancePath.split('/')[1] ?? '';
    if (declared && field && Object.hasOwn(declared.labels, field))
      return `${declared.labels[field]}格式不正确`;
    // a field of another operation's body with a label in the contract (a scheduler job's cron)
    const label = field ? schemaText(bodySchema, field, 'x-label') : undefined;
    if (label) return `${label}格式不正确`;
  }
  return err.message || '参数校验失败';
}
