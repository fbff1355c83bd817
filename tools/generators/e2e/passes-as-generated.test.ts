// "Passes as generated": the two generators, run through the Nx CLI as a developer runs them, write a throwaway feature
// and an entity page into the real workspace; the new library then typechecks, lints and passes its tests without a
// hand edit, Nx sees it as a feature project, and the console's registration of it lints clean (module boundaries).
// Everything it made is removed and the two console files it edits are restored byte for byte afterwards, also on
// failure. While it runs (about 30 s alone, over 150 s on a loaded CI machine), apps/console/src/features.ts imports the throwaway feature: tools' test target
// therefore runs after the console's lint, typecheck and test (tools/package.json), never beside them. It needs no
// `npm install`: nothing it runs resolves the new package by name (the boundaries rule reads the Nx project graph).
import { workspaceRoot } from '@nx/devkit';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_FEATURES, CONSOLE_PACKAGE } from '../feature/register';

const FEATURE = 'zz-gen-check';
const PACKAGE = `@smart/feature-${FEATURE}`;
const LIBRARY = join(workspaceRoot, 'libs/features', FEATURE);
// a declared entity with a menu that no feature serves (the kit's generic page does): its form has a ref field
const ENTITY = 'comment';
const ROUTE = "'/comment/comment': () => import('./comment/CommentPage')";

/** The script of a workspace tool's command, as its package.json declares it. */
function bin(pkg: string, command = pkg): string {
  const dir = join(workspaceRoot, 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const script = typeof bin === 'string' ? bin : bin[command];
  if (!script) throw new Error(`${pkg} declares no ${command} command`);
  return join(dir, script);
}

// the nested tools are not this vitest's workers, nor a daemon's clients
const env = Object.fromEntries(
  Object.entries({ ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' }).filter(
    ([k]) => !k.startsWith('VITEST'),
  ),
);

/** Runs a Node tool of the workspace; a failure carries its output. Returns the output and the time it took. */
function run(cwd: string, tool: string, ...args: string[]): { out: string; ms: number } {
  const started = performance.now();
  const [pkg, command] = tool === 'tsc' ? ['typescript', 'tsc'] : [tool, tool];
  try {
    const out = execFileSync(process.execPath, [bin(pkg, command), ...args], {
      cwd,
      env,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { out, ms: Math.round(performance.now() - started) };
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`${tool} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

/**
 * The nested Nx commands cached a project graph holding the throwaway project; later lint runs read that cache. A
 * failure here only warns: it must not hide the test's own outcome.
 */
function forgetThrowawayProject(): void {
  try {
    run(workspaceRoot, 'nx', 'show', 'projects');
  } catch (e) {
    console.warn(`could not refresh the Nx project graph: ${(e as Error).message}`);
  }
}

describe('the generators, end to end', () => {
  it('write a feature and an entity page that pass typecheck, lint and tests as generated', () => {
    const edited = [CONSOLE_FEATURES, CONSOLE_PACKAGE].map((path) => join(workspaceRoot, path));
    const before = edited.map((path) => readFileSync(path));
    if (existsSync(LIBRARY) || before[0]!.includes(PACKAGE))
      throw new Error(
        `${LIBRARY} or its import in ${CONSOLE_FEATURES} is left over from an interrupted run: remove both first`,
      );
    const times: Record<string, number> = {};
    const started = performance.now();
    try {
      times['nx g feature'] = run(
        workspaceRoot,
        'nx',
        'g',
        '@smart/tools:feature',
        FEATURE,
        '--skipInstall',
      ).ms;
      times['nx g entity-page'] = run(
        workspaceRoot,
        'nx',
        'g',
        '@smart/tools:entity-page',
        ENTITY,
        `--feature=${FEATURE}`,
      ).ms;
      expect(readFileSync(join(LIBRARY, 'src/index.ts'), 'utf8')).toContain(ROUTE);
      expect(readFileSync(edited[0]!, 'utf8')).toContain(`from '${PACKAGE}';`);

      // Nx reads the new package as a feature project (this also refreshes the graph the boundaries rule reads)
      const shown = run(workspaceRoot, 'nx', 'show', 'project', PACKAGE, '--json');
      times['nx show project'] = shown.ms;
      expect((JSON.parse(shown.out) as { tags: string[] }).tags).toEqual(
        expect.arrayContaining(['type:feature', `domain:${FEATURE}`]),
      );

      times['tsc --noEmit'] = run(LIBRARY, 'tsc', '--noEmit').ms;
      times.eslint = run(workspaceRoot, 'eslint', LIBRARY, join(workspaceRoot, CONSOLE_FEATURES)).ms;
      times['vitest run'] = run(LIBRARY, 'vitest', 'run').ms;
      const report = JSON.parse(readFileSync(join(LIBRARY, '.test-results/vitest.json'), 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        testResults: { assertionResults: { title: string }[] }[];
      };
      const titles = report.testResults.flatMap((r) => r.assertionResults.map((a) => a.title)).sort();
      expect(titles).toEqual([
        'adds a row through the dialog: the create call carries what was filled in, without an id',
        'has a catalogue key of its own for every placeholder and required message, in zh and en',
        'has every key the sources ask for, in both languages',
        'lists the rows of the first page',
        'zh and en hold the same keys',
      ]);
      expect([report.numPassedTests, report.numFailedTests]).toEqual([5, 0]);
    } finally {
      rmSync(LIBRARY, { recursive: true, force: true });
      edited.forEach((path, i) => writeFileSync(path, before[i]!));
      forgetThrowawayProject();
      times.total = Math.round(performance.now() - started);
      console.info(`passes as generated, ms: ${JSON.stringify(times)}`);
    }
    expect(existsSync(LIBRARY)).toBe(false);
    expect(edited.map((path, i) => readFileSync(path).equals(before[i]!))).toEqual([true, true]);
  }, 300_000);
});
