import { describe, expect, it } from 'vitest';

import { extensionKeywords, loadSpec, type OpenApiDocument } from './spec';

describe('extensionKeywords', () => {
  it("finds every x- key at any depth, once, so Ajv knows each of the contract's annotations", () => {
    const doc = {
      openapi: '3.1.0',
      tags: [{ name: 't', 'x-entity': {} }],
      paths: { '/a': { get: { 'x-sort': ['id'], parameters: [{ name: 'q', 'x-filter': 'like' }] } } },
      components: {
        schemas: { A: { properties: { b: { 'x-label': {}, items: [{ 'x-placeholder': {} }] } } } },
      },
    } as unknown as OpenApiDocument;
    expect(extensionKeywords(doc)).toEqual(['x-entity', 'x-filter', 'x-label', 'x-placeholder', 'x-sort']);
  });

  it('covers the annotations of the bundled contract, the placeholder among them', () => {
    expect(extensionKeywords(loadSpec())).toEqual(
      expect.arrayContaining(['x-label', 'x-rule', 'x-dict', 'x-secret', 'x-placeholder']),
    );
  });
});
