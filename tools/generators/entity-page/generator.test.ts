import { logger, type Tree } from '@nx/devkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { featureGenerator } from '../feature/generator';
import { read, virtualWorkspace } from '../test-support/virtual-workspace';
import { CONTRACT } from './entities';
import { entityPageGenerator } from './generator';

const SRC = 'libs/features/zz-unit/src';
const SYSTEM_INDEX = 'libs/features/system/src/index.ts';

/** A workspace with a fresh feature `zz-unit` and the system feature's real routes. */
async function workspace(): Promise<Tree> {
  const tree = virtualWorkspace(SYSTEM_INDEX);
  await featureGenerator(tree, { name: 'zz-unit', skipInstall: true });
  return tree;
}

beforeEach(() => {
  vi.spyOn(logger, 'info').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the entity-page generator', () => {
  it("writes the resource, the page and its test under the entity's folder", async () => {
    const tree = await workspace();
    await entityPageGenerator(tree, { entity: 'comment_group', feature: 'zz-unit' });
    const dir = `${SRC}/comment-group`;
    expect(tree.children(dir).sort()).toEqual([
      'CommentGroupPage.test.tsx',
      'CommentGroupPage.tsx',
      'comment-group.resource.ts',
    ]);
    const resource = read(tree, `${dir}/comment-group.resource.ts`);
    expect(resource).toContain("import { commentGroupEntity } from '@smart/api-sdk/entities';");
    expect(resource).toContain('export const commentGroupResource = defineResource(commentGroupEntity, {});');
    expect(resource).toContain('export const commentGroupAdapter = entityAdapter(commentGroupEntity);');
    expect(read(tree, `${dir}/CommentGroupPage.tsx`)).toContain(
      'return <CrudPage resource={commentGroupResource} adapter={commentGroupAdapter} />;',
    );
  });

  it('writes a test of the list and of adding a row, with values from the manifest', async () => {
    const tree = await workspace();
    await entityPageGenerator(tree, { entity: 'comment_group', feature: 'zz-unit' });
    const test = read(tree, `${SRC}/comment-group/CommentGroupPage.test.tsx`);
    expect(test).toContain("import { catalogueT, memoryBackend, textGaps } from '@smart/crud/testing';");
    expect(test).toContain('const backend = memoryBackend(commentGroupEntity, seed);');
    // the required text field, its label from the contract (x-label 分组名称)
    expect(test).toContain("const SEEDED = ['分组名称1', '分组名称2', '分组名称3'];");
    expect(test).toContain("it('lists the rows of the first page'");
    expect(test).toContain("await user.type(within(dialog).getByLabelText(labels.groupName), '分组名称9');");
    expect(test).toMatch(/expect\(calls\.submit\[0\]\)\.toMatchObject\(\{ groupName: '分组名称9' \}\);/);
    expect(test).toContain("expect(calls.submit[0]).not.toHaveProperty('id');");
    // the feature-test convention of libs/features/system/src/placeholders.test.ts
    expect(test).toContain('expect(textGaps(commentGroupResource, zhT, enT)).toEqual([]);');
  });

  it('picks a ref field among the rows of the referenced entity, answered by the test', async () => {
    const tree = await workspace();
    await entityPageGenerator(tree, { entity: 'comment', feature: 'zz-unit' });
    const test = read(tree, `${SRC}/comment/CommentPage.test.tsx`);
    expect(test).toContain("http.get('*/api/smart-comment/comment_group/list', () =>");
    expect(test).toContain("await user.click(await screen.findByRole('option', { name: '评论分组-1' }));");
    expect(test).toMatch(/toMatchObject\(\{ groupId: '1', content: '评论内容9' \}\)/);
  });

  it("lists a read-only entity's contract columns and says why its test adds nothing", async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const tree = await workspace();
    await entityPageGenerator(tree, { entity: 'log-usual', feature: 'zz-unit' });
    const resource = read(tree, `${SRC}/log-usual/log-usual.resource.ts`);
    expect(resource).toContain('  columns: {');
    for (const column of ['logLevel', 'logId', 'requestUri', 'createTime'])
      expect(resource).toContain(`${column}: {},`);
    const test = read(tree, `${SRC}/log-usual/LogUsualPage.test.tsx`);
    expect(test).toContain('// No add test: the contract declares no add button with a create operation');
    expect(test).not.toContain("'新增'");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('LogUsualPage.test.tsx has no add test'));
  });

  it("routes the entity's menu path to the page, after the routes already there", async () => {
    const tree = await workspace();
    await entityPageGenerator(tree, { entity: 'comment_group', feature: 'zz-unit' });
    await entityPageGenerator(tree, { entity: 'comment', feature: 'zz-unit' });
    expect(read(tree, `${SRC}/index.ts`)).toContain(
      [
        '  routes: {',
        "    '/comment/comment_group': () => import('./comment-group/CommentGroupPage'),",
        "    '/comment/comment': () => import('./comment/CommentPage'),",
        '  },',
      ].join('\n'),
    );
  });

  it('refuses an entity the contract does not declare, suggesting near names', async () => {
    await expect(
      entityPageGenerator(await workspace(), { entity: 'comment_grp', feature: 'zz-unit' }),
    ).rejects.toThrow('the contract declares no entity "comment_grp"');
    await expect(
      entityPageGenerator(await workspace(), { entity: 'group', feature: 'zz-unit' }),
    ).rejects.toThrow(/did you mean .*comment_group/);
  });

  it('refuses an entity without a menu: there is no path to route', async () => {
    const tree = await workspace();
    // no declared entity lacks a menu today: take comment_group's out of the contract
    const contract = JSON.parse(read(tree, CONTRACT)) as {
      tags: { name: string; 'x-entity'?: { menu?: unknown } }[];
    };
    delete contract.tags.find((t) => t.name === 'comment_group')!['x-entity']!.menu;
    tree.write(CONTRACT, JSON.stringify(contract));
    await expect(entityPageGenerator(tree, { entity: 'comment_group', feature: 'zz-unit' })).rejects.toThrow(
      'entity-page: comment_group has no menu (x-entity.menu)',
    );
  });

  it('refuses a feature that does not exist', async () => {
    await expect(
      entityPageGenerator(await workspace(), { entity: 'comment', feature: 'nope' }),
    ).rejects.toThrow(/no feature library "nope" \(libs\/features\/nope\/src\/index\.ts is missing\)/);
  });

  it('refuses a path a feature already routes, its own or another', async () => {
    const tree = await workspace();
    await expect(entityPageGenerator(tree, { entity: 'post', feature: 'zz-unit' })).rejects.toThrow(
      `entity-page: /system/post is already routed by the system feature (${SYSTEM_INDEX})`,
    );
    await entityPageGenerator(tree, { entity: 'comment', feature: 'zz-unit' });
    await expect(entityPageGenerator(tree, { entity: 'comment', feature: 'zz-unit' })).rejects.toThrow(
      '/comment/comment is already routed by the zz-unit feature',
    );
  });
});
