// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deriveEntities, type ContractDocument } from '../src/manifest/derive';
import { entityExampleBody } from '../src/manifest/example-body';

const bundled = JSON.parse(
  readFileSync(new URL('../../../openapi/dist/smart-api.json', import.meta.url), 'utf8'),
) as ContractDocument;
const { entities } = deriveEntities(bundled);
const entity = (name: string) => entities.find((e) => e.name === name)!;

describe('entityExampleBody', () => {
  it("tags the example's free texts and cuts them to their length", () => {
    let n = 0;
    const body = entityExampleBody(bundled, entity('param'), () => `t${n++}`);
    const example = (bundled.components!.schemas!.ParamSubmit as { examples: Record<string, string>[] })
      .examples[0]!;
    expect(body.paramName).toBe(`t0${example.paramName}`);
    expect(body.paramValue).toMatch(/^t\d/);
    for (const f of entity('param').fields.filter((x) => x.inForm && x.maxLength))
      expect(String(body[f.name] ?? '').length, f.name).toBeLessThanOrEqual(f.maxLength!);
  });

  it('gives a unique patterned key a fresh value its pattern admits', () => {
    const post = entity('post');
    const code = post.fields.find((f) => f.name === 'postCode')!;
    const a = entityExampleBody(bundled, post, () => 'a1');
    const b = entityExampleBody(bundled, post, () => 'b2');
    expect(a.postCode).not.toBe(b.postCode);
    if (code.pattern) expect(String(a.postCode)).toMatch(new RegExp(code.pattern));
  });

  it('refuses an entity whose form schema has no example', () => {
    const e = { ...entity('param'), formSchema: 'NoSuchSchema' };
    expect(() => entityExampleBody(bundled, e, () => 't')).toThrow(/has no examples/);
  });
});
