import { describe, expect, it } from 'vitest';
import { classify, hasLifecycle, resources } from './classify';
import { loadSpec, operationsOf, type OpenApiDocument } from './spec';

const envelope = (data: object) => ({
  type: 'object',
  properties: { code: { type: 'integer' }, success: { type: 'boolean' }, msg: { type: 'string' }, data },
});

function op(path: string, method: string, extra: Record<string, unknown> = {}) {
  return {
    [method]: {
      operationId: `${method}${path.replace(/\W+/g, '_')}`,
      tags: ['demo'],
      responses: {},
      ...extra,
    },
  };
}

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/smart-demo/widget/page': op('/widget/page', 'get', {
      responses: {
        '200': {
          description: '',
          content: {
            'application/json': {
              schema: envelope({ type: 'object', properties: { records: { type: 'array' } } }),
            },
          },
        },
      },
    }),
    '/api/smart-demo/widget/detail': op('/widget/detail', 'get', {
      parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'string' } }],
    }),
    '/api/smart-demo/widget/submit': op('/widget/submit', 'post', {
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    }),
    '/api/smart-demo/widget/update': op('/widget/update', 'post', {
      requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
    }),
    '/api/smart-demo/widget/remove': op('/widget/remove', 'post', {
      parameters: [{ name: 'ids', in: 'query', required: true, schema: { type: 'string' } }],
    }),
    '/api/smart-demo/widget/start': op('/widget/start', 'post', {
      parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'string' } }],
    }),
    '/api/smart-demo/widget/tree': op('/widget/tree', 'get', {
      parameters: [{ name: 'parentId', in: 'query', required: true, schema: { type: 'string' } }],
    }),
    '/api/smart-user/user/update-password': op('/user/update-password', 'post'),
    '/api/smart-demo/gadget/list': op('/gadget/list', 'get'),
  },
};

describe('classifier', () => {
  const list = operationsOf(doc).map((o) => classify(doc, o));
  const kind = (suffix: string) => list.find((c) => c.op.path.endsWith(suffix))!.kind;

  it('classifies by path suffix, method and schema', () => {
    expect(kind('/widget/page')).toBe('list');
    expect(kind('/widget/detail')).toBe('detail');
    expect(kind('/widget/submit')).toBe('create');
    expect(kind('/widget/update')).toBe('update');
    expect(kind('/widget/remove')).toBe('remove');
    expect(kind('/widget/start')).toBe('extra');
    // a list with a required filter is an extra (it needs input)
    expect(kind('/widget/tree')).toBe('extra');
    expect(kind('/gadget/list')).toBe('list');
  });

  it('marks operations that would touch the login as unsafe', () => {
    const c = list.find((x) => x.op.path.endsWith('update-password'))!;
    expect(c.unsafe).toMatch(/password/);
  });

  it('groups resources and finds lifecycles', () => {
    const rs = resources(list);
    const widget = rs.find((r) => r.path === '/api/smart-demo/widget')!;
    expect(widget.ops).toHaveLength(7);
    expect(hasLifecycle(widget)).toBe(true);
    expect(widget.update?.op.path).toMatch(/update$/);
    expect(hasLifecycle(rs.find((r) => r.path === '/api/smart-demo/gadget')!)).toBe(false);
  });

  it('classifies the real contract', () => {
    const real = loadSpec();
    const all = operationsOf(real).map((o) => classify(real, o));
    const byId = Object.fromEntries(all.map((c) => [c.op.operationId, c.kind]));
    expect(byId).toMatchObject({
      oauthToken: 'token',
      oauthTokenRefresh: 'token',
      oauthLogout: 'logout',
      // same path as the logout, with a body: not a logout
      oauthSendLogs: 'extra',
      paramList: 'list',
      paramDetail: 'detail',
      paramSubmit: 'create',
      paramRemove: 'remove',
      menuRoutes: 'extra',
      dictDictionary: 'extra',
    });
    const param = resources(all).find((r) => r.path === '/api/smart-system/param')!;
    expect(hasLifecycle(param)).toBe(true);
    expect(all.find((c) => c.op.operationId === 'oauthUserInfo')!.op.needsToken).toBe(true);
    expect(all.find((c) => c.op.operationId === 'oauthToken')!.op.needsToken).toBe(false);
  });
});
