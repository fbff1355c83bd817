import { logger } from '@nx/devkit';
import type * as Devkit from '@nx/devkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { read, realFile, virtualWorkspace } from '../test-support/virtual-workspace';
import { featureGenerator } from './generator';
import { CONSOLE_FEATURES, CONSOLE_PACKAGE } from './register';

// the npm install of the callback is the devkit's; a unit test must not run one
const install = vi.hoisted(() => vi.fn());
vi.mock('@nx/devkit', async (original) => ({
  ...(await original<typeof Devkit>()),
  installPackagesTask: install,
}));

afterEach(() => {
  install.mockClear();
  vi.restoreAllMocks();
});

const ROOT = 'libs/features/zz-unit';

describe('the feature generator', () => {
  it('writes a library shaped like libs/features/develop', async () => {
    const tree = virtualWorkspace();
    await featureGenerator(tree, { name: 'zz-unit', skipInstall: true });
    const files = tree
      .listChanges()
      .map((c) => c.path)
      .filter((p) => p.startsWith(`${ROOT}/`))
      .sort();
    expect(files).toEqual(
      [
        'package.json',
        'src/catalogue.test.ts',
        'src/i18n/en.ts',
        'src/i18n/zh.ts',
        'src/index.ts',
        'tsconfig.json',
        'vitest.config.ts',
      ].map((f) => `${ROOT}/${f}`),
    );
    // the same configuration files as an existing feature, byte for byte
    for (const file of ['tsconfig.json', 'vitest.config.ts'])
      expect(read(tree, `${ROOT}/${file}`)).toBe(realFile(`libs/features/develop/${file}`));
    const pkg = JSON.parse(read(tree, `${ROOT}/package.json`)) as Record<string, unknown>;
    const develop = JSON.parse(realFile('libs/features/develop/package.json')) as Record<string, unknown>;
    expect(pkg).toEqual({
      ...develop,
      name: '@smart/feature-zz-unit',
      description: 'The zz unit pages: resource declarations, route registry, catalogues',
      nx: { tags: ['type:feature', 'domain:zz-unit'] },
    });
    const index = read(tree, `${ROOT}/src/index.ts`);
    expect(index).toContain("import { defineFeature } from '@smart/crud';");
    expect(index).toMatch(
      /export const feature = defineFeature\(\{\n {2}name: 'zz-unit',\n {2}routes: \{\},/,
    );
    expect(read(tree, `${ROOT}/src/i18n/zh.ts`)).toContain('export type ZzUnitCatalogue = typeof zh;');
    expect(read(tree, `${ROOT}/src/i18n/en.ts`)).toContain(
      'const en: ZzUnitCatalogue = {\n  zzUnit: {},\n};',
    );
  });

  it('imports the feature in its alphabetical place in features.ts and lists it last in `own`', async () => {
    const tree = virtualWorkspace();
    const before = read(tree, CONSOLE_FEATURES);
    await featureGenerator(tree, { name: 'rpa', skipInstall: true });
    const after = read(tree, CONSOLE_FEATURES);
    const lines = after.split('\n');
    const at = lines.indexOf("import { feature as rpa } from '@smart/feature-rpa';");
    expect(lines[at - 1]).toBe("import { feature as resource } from '@smart/feature-resource';");
    expect(lines[at + 1]).toBe("import { feature as system } from '@smart/feature-system';");
    expect(after).toMatch(/const own: readonly Feature\[\] = \[[^\]]*\bmj,\s*rpa,?\s*\];/);
    // nothing else moved: without the two additions, the file is what it was
    const without = after
      .replace("import { feature as rpa } from '@smart/feature-rpa';\n", '')
      .replace(/,\s*rpa,?\s*\]/, ']');
    expect(without.replace(/\s+/g, ' ')).toBe(before.replace(/\s+/g, ' '));
  });

  it("adds the package to the console's dependencies in order", async () => {
    const tree = virtualWorkspace();
    await featureGenerator(tree, { name: 'rpa', skipInstall: true });
    const deps = Object.keys(
      (JSON.parse(read(tree, CONSOLE_PACKAGE)) as { dependencies: Record<string, string> }).dependencies,
    );
    expect(deps).toContain('@smart/feature-rpa');
    expect(deps).toEqual([...deps].sort());
  });

  it("names the feature apart from features.ts's own identifiers", async () => {
    const tree = virtualWorkspace();
    await featureGenerator(tree, { name: 'own', skipInstall: true });
    const after = read(tree, CONSOLE_FEATURES);
    expect(after).toContain("import { feature as ownFeature } from '@smart/feature-own';");
    expect(after).toMatch(/\bmj,\s*ownFeature,?\s*\]/);
  });

  it('runs npm install afterwards to link the package, and says so, unless told not to', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const tree = virtualWorkspace();
    const link = await featureGenerator(tree, { name: 'zz-unit' });
    expect(install).not.toHaveBeenCalled();
    await link();
    expect(install).toHaveBeenCalledWith(tree, true);
    expect(info).toHaveBeenCalledWith(
      expect.stringContaining('running npm install to link @smart/feature-zz-unit'),
    );

    install.mockClear();
    const skipped = await featureGenerator(virtualWorkspace(), { name: 'zz-unit', skipInstall: true });
    await skipped();
    expect(install).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('npm install skipped'));
  });

  it('refuses a name that is not lower-case kebab case', async () => {
    await expect(featureGenerator(virtualWorkspace(), { name: 'Zz_Unit' })).rejects.toThrow(
      /"Zz_Unit" is not a feature name/,
    );
  });

  it('refuses a library that exists, and a package features.ts already imports', async () => {
    const tree = virtualWorkspace('libs/features/develop/package.json');
    await expect(featureGenerator(tree, { name: 'develop' })).rejects.toThrow(
      'feature: libs/features/develop already exists',
    );
    // features.ts imports @smart/feature-system, whose folder this tree lacks
    await expect(featureGenerator(virtualWorkspace(), { name: 'system' })).rejects.toThrow(
      `feature: ${CONSOLE_FEATURES} already imports @smart/feature-system`,
    );
  });
});
