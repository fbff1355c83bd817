// The small contract the derivation tests break: one entity `thing`, and the helpers that reach into it.
import type { ContractDocument } from '../src/manifest/derive';

/** The 200 answer of an operation whose envelope's data is `data`. */
export const envelopeOf = (data: unknown) => ({
  responses: {
    '200': {
      content: {
        'application/json': { schema: { type: 'object', properties: { data } } },
      },
    },
  },
});

/** A small contract with one entity `thing`, to break in each test. */
export function contract(): ContractDocument & { tags: Record<string, unknown>[] } {
  const envelope = envelopeOf;
  return {
    tags: [
      {
        name: 'thing',
        'x-entity': {
          label: { zh: '物', en: 'Thing' },
          operations: { list: 'thingList', detail: 'thingDetail', submit: 'thingSubmit' },
          buttons: { add: 'thing_add' },
          unique: [{ fields: ['thingName'], message: { zh: '名称已存在', en: 'Name taken' } }],
          menu: {
            code: 'thing',
            name: { zh: '物', en: 'Things' },
            parent: 'system',
            path: '/t',
            icon: 'box',
            sort: 1,
          },
        },
      },
    ],
    paths: {
      '/thing/list': {
        get: {
          operationId: 'thingList',
          tags: ['thing'],
          'x-sort': ['id', 'thing_name'],
          parameters: [
            { name: 'current', in: 'query' },
            { name: 'thingName', in: 'query', 'x-filter': 'like' },
            { name: 'createTime_dategt', in: 'query' },
          ],
          ...envelope({
            type: 'object',
            properties: { records: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
          }),
        },
      },
      '/thing/detail': {
        get: {
          operationId: 'thingDetail',
          tags: ['thing'],
          parameters: [{ name: 'id', in: 'query', required: true }],
          ...envelope({ $ref: '#/components/schemas/Thing' }),
        },
      },
      '/thing/submit': {
        post: {
          operationId: 'thingSubmit',
          tags: ['thing'],
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingSubmit' } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          allOf: [
            { type: 'object', properties: { id: { type: 'string' } } },
            { $ref: '#/components/schemas/ThingFields' },
            {
              type: 'object',
              properties: { createTime: { $ref: '#/components/schemas/DateTime', readOnly: true } },
            },
          ],
        },
        ThingFields: {
          type: 'object',
          properties: {
            thingName: { type: 'string', maxLength: 20, 'x-label': { zh: '名', en: 'Name' } },
          },
        },
        ThingSubmit: {
          allOf: [{ type: 'object', required: ['thingName'] }, { $ref: '#/components/schemas/ThingFields' }],
        },
        DateTime: { type: 'string', maxLength: 19 },
        IdList: { type: 'string', maxLength: 1000, pattern: '^([0-9]{1,20}(,[0-9]{1,20})*)?$' },
      },
    },
  };
}

export type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const entity = (c: ReturnType<typeof contract>) => c.tags[0]!['x-entity'] as Loose;
export const list = (c: ReturnType<typeof contract>) => c.paths['/thing/list']!.get as Loose;
export const detail = (c: ReturnType<typeof contract>) => c.paths['/thing/detail']!.get as Loose;
export const param = (c: ReturnType<typeof contract>, i: number) => list(c).parameters[i] as Loose;
