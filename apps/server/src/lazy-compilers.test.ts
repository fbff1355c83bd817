import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyCompilers } from './lazy-compilers';

/** The lazy compilers behave as Fastify's own: coercion, defaults, errors, serialisation by the response schema. */
describe('lazy schema compilers', () => {
  const build = async () => {
    const app = Fastify({
      schemaController: lazyCompilers(),
      ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false } },
    });
    app.post(
      '/echo',
      {
        schema: {
          querystring: {
            type: 'object',
            properties: {
              size: { type: 'integer', maximum: 100, default: 10 },
              ids: { type: 'array', items: { type: 'string' } },
            },
          },
          body: {
            type: 'array',
            minItems: 1,
            items: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                size: { type: 'integer' },
                ids: { type: 'array', items: { type: 'string' } },
                n: { type: 'integer' },
              },
            },
          },
        },
      },
      async (req) => {
        const q = req.query as { size: number; ids?: string[] };
        return { ...q, n: (req.body as unknown[]).length, secret: 'not in the schema' };
      },
    );
    await app.ready();
    return app;
  };

  it('coerces, applies defaults and serialises by the response schema', async () => {
    const app = await build();
    const res = await app.inject({ method: 'POST', url: '/echo?ids=a', payload: [{ message: 'x' }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ size: 10, ids: ['a'], n: 1 });
    const again = await app.inject({ method: 'POST', url: '/echo?size=20', payload: [{ message: 'y' }] });
    expect(again.json()).toEqual({ size: 20, n: 1 });
    await app.close();
  });

  it('refuses invalid input with the validation errors, every time', async () => {
    const app = await build();
    for (const [url, payload, path] of [
      ['/echo?size=1000', [{ message: 'x' }], 'size'],
      ['/echo', [], 'body'],
      ['/echo', [{ note: 'no message' }], 'message'],
      ['/echo?size=abc', [{ message: 'x' }], 'size'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(path === 'body' ? 'body' : path);
    }
    await app.close();
  });

  it('validates mixed-case header names as Node delivers them (lower-cased), required ones included', async () => {
    const app = Fastify({ schemaController: lazyCompilers() });
    app.get(
      '/h',
      {
        schema: {
          headers: {
            type: 'object',
            required: ['X-Need'],
            properties: {
              'X-Need': { type: 'string' },
              'Dept-Id': { type: 'string', pattern: '^[0-9]*$' },
            },
          },
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    expect((await app.inject({ url: '/h', headers: { 'x-need': '1', 'dept-id': '12' } })).statusCode).toBe(
      200,
    );
    const bad = await app.inject({ url: '/h', headers: { 'X-Need': '1', 'Dept-Id': 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('dept-id');
    expect((await app.inject({ url: '/h' })).statusCode).toBe(400);
    await app.close();
  });
});
