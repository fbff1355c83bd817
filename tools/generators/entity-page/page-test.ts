// The generated page test: the page through the real SDK and HTTP layer against the contract's in-memory backend
// (`memoryBackend`, `catalogueT` of @smart/crud/testing), as libs/features/system/src/post/PostPage.test.tsx does.
// It proves that the list loads its rows, that adding a row through the dialog sends the create call with what was
// filled in, and that every text the page's resource shows is a catalogue key of its own (textGaps). Every value in it was chosen from the manifest (test-plan.ts); Prettier lays it out afterwards.
import { words } from '../shared/names';
import { rowValue } from './samples';
import type { DeclaredEntity } from './entities';
import type { PageNames } from './page-files';
import type { FillStep, TestPlan } from './test-plan';

const str = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const literal = (value: unknown) => (typeof value === 'string' ? str(value) : JSON.stringify(value));

interface Parts {
  entity: DeclaredEntity;
  plan: TestPlan;
  n: PageNames;
}

function imports({ entity, plan, n }: Parts, adds: boolean): string[] {
  const refs = plan.refs.length > 0;
  const dictionaries = Object.keys(plan.dictionaries).length > 0;
  const rtl = ['render', 'screen', ...(adds ? ['waitFor', 'within'] : [])];
  return [
    `import { configureHttp, resetHttpConfig, type ${entity.facts.schema} } from '@smart/api-sdk';`,
    `import { ${entity.constName}, entityCatalogue } from '@smart/api-sdk/entities';`,
    ...(refs ? ["import { envelope } from '@smart/api-sdk/mocks';"] : []),
    `import { CrudProvider${dictionaries ? ', type Option' : ''} } from '@smart/crud';`,
    "import { catalogueT, memoryBackend, textGaps } from '@smart/crud/testing';",
    "import { Toaster, UiLocaleProvider } from '@smart/ui';",
    `import { ${rtl.join(', ')} } from '@testing-library/react';`,
    ...(adds ? ["import userEvent from '@testing-library/user-event';"] : []),
    ...(refs ? ["import { http, HttpResponse } from 'msw';"] : []),
    "import { setupServer } from 'msw/node';",
    "import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';",
    "import en from '../i18n/en';",
    "import zh from '../i18n/zh';",
    `import ${n.page} from './${n.page}';`,
    `import { ${n.resource} } from './${n.dir}.resource';`,
  ];
}

/** The seeded rows: every field of the view, typed as the row's model; the probe column differs per row. */
function rows({ entity, plan }: Parts): string[] {
  const { facts } = entity;
  const probe = plan.probe;
  const fields = facts.fields.map((f) => {
    if (f === probe?.field) return `    ${f.name}: text,`;
    // an object's own shape is not in the manifest; the page neither lists nor edits it (controls.ts structured)
    if (f.type === 'object') return `    ${f.name}: {} as ${facts.schema}['${f.name}'],`;
    return `    ${f.name}: ${literal(rowValue(f, 1))},`;
  });
  const seeded = probe
    ? [
        `const SEEDED = [${probe.values.map(str).join(', ')}];`,
        'const seed = SEEDED.map((text, i) => row(i + 1, text));',
      ]
    : ['const seed = [1, 2, 3].map((i) => row(i));'];
  return [
    `/** A row as the list answers it${probe ? `, with \`text\` in the ${probe.field.name} column` : ''}. */`,
    `function row(i: number${probe ? ', text: string' : ''}): ${facts.schema} {`,
    '  return {',
    '    id: String(100 + i),',
    ...fields,
    '  };',
    '}',
    '',
    ...seeded,
  ];
}

function backendAndServer({ entity, plan }: Parts): string[] {
  const refs = plan.refs.map(
    (r) =>
      `  http.get(${str(`*${r.list}`)}, () =>\n` +
      `    HttpResponse.json(envelope({ records: [{ id: '1', ${r.labelField}: ${str(r.rowLabel)} }], total: 1, size: 1000, current: 1, pages: 1 })),\n` +
      '  ),',
  );
  const dictionaries = Object.entries(plan.dictionaries).map(
    ([code, options]) =>
      `  ${str(code)}: [${options.map((o) => `{ label: ${str(o.label)}, value: ${str(String(o.value))} }`).join(', ')}],`,
  );
  return [
    "// The contract's in-memory backend of the entity, so the page runs through the real SDK and HTTP layer.",
    `const backend = memoryBackend(${entity.constName}, seed);`,
    'const { calls } = backend;',
    ...(refs.length
      ? [
          '// The rows the ref fields offer: one of each referenced entity.',
          'const refLists = [',
          ...refs,
          '];',
        ]
      : []),
    `const server = setupServer(...backend.handlers${refs.length ? ', ...refLists' : ''});`,
    'const t = catalogueT(entityCatalogue.zh);',
    ...(dictionaries.length
      ? [
          "// The dictionaries (the contract's x-dict codes) the page reads: one option per contract value.",
          'const DICTIONARIES: Record<string, Option[]> = {',
          ...dictionaries,
          '};',
        ]
      : []),
  ];
}

function render({ n, plan }: Parts): string[] {
  const dictionary = Object.keys(plan.dictionaries).length
    ? '(code) => DICTIONARIES[code] ?? []'
    : '() => []';
  return [
    'function renderPage() {',
    '  return render(',
    '    <UiLocaleProvider locale="zh">',
    `      <CrudProvider value={{ t, can: () => true, dictionary: ${dictionary} }}>`,
    `        <${n.page} />`,
    '        <Toaster />',
    '      </CrudProvider>',
    '    </UiLocaleProvider>,',
    '  );',
    '}',
    '',
    "beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));",
    'beforeEach(() => {',
    '  backend.reset();',
    "  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });",
    '});',
    'afterEach(() => resetHttpConfig());',
    'afterAll(() => server.close());',
  ];
}

/** Waits for the first page: its first seeded row, or its list call when no text column tells the rows apart. */
const loaded = (plan: TestPlan) =>
  plan.probe
    ? `await screen.findByText(${str(plan.probe.values[0])});`
    : 'await waitFor(() => expect(calls.list.length).toBeGreaterThan(0));';

function listTest({ entity, plan }: Parts): string[] {
  const table = entity.facts.tree ? 'treegrid' : 'table';
  const body = plan.probe
    ? ['  for (const text of SEEDED) expect(await screen.findByText(text)).toBeInTheDocument();']
    : [
        `  expect(await screen.findByRole('${table}')).toBeInTheDocument();`,
        // the header row and the three seeded ones
        "  expect(await screen.findAllByRole('row')).toHaveLength(4);",
      ];
  // a tree's list is its whole forest, unpaged (libs/crud/src/entity-adapter.ts)
  const paging = entity.facts.tree ? [] : ["  expect(calls.list[0]?.get('current')).toBe('1');"];
  return [
    "it('lists the rows of the first page', async () => {",
    '  renderPage();',
    ...body,
    ...paging,
    '});',
  ];
}

/** The feature-test convention of libs/features/system/src/placeholders.test.ts, for this page's resource. */
function textsTest({ n }: Parts): string[] {
  return [
    "it('has a catalogue key of its own for every placeholder and required message, in zh and en', () => {",
    '  const zhT = catalogueT(zh, entityCatalogue.zh);',
    '  const enT = catalogueT(en, entityCatalogue.en);',
    `  expect(textGaps(${n.resource}, zhT, enT)).toEqual([]);`,
    '});',
  ];
}

function fillStep(step: FillStep, entity: DeclaredEntity): string[] {
  const label = step.field.label
    ? `labels.${step.field.name}`
    : str(`entity.${entity.catalogueKey}.${step.field.name}`);
  if (step.action === 'type')
    return [`await user.type(within(dialog).getByLabelText(${label}), ${str(step.input)});`];
  return [
    `await user.click(within(dialog).getByRole('combobox', { name: ${label} }));`,
    `await user.click(await screen.findByRole('option', { name: ${str(step.input)} }));`,
    // a multiple choice stays open for more: Escape closes it (the dialog stays open, the topmost layer closes)
    ...(step.control === 'multiselect' ? ["await user.keyboard('{Escape}');"] : []),
  ];
}

function addTest({ entity, plan }: Parts, steps: FillStep[]): string[] {
  const expected = steps.map((s) => `${s.field.name}: ${literal(s.expected)}`).join(', ');
  const table = entity.facts.tree ? 'treegrid' : 'table';
  const shown = plan.probe
    ? [
        `  expect(await within(screen.getByRole('${table}')).findByText(${str(plan.probe.added)})).toBeInTheDocument();`,
      ]
    : [];
  return [
    "it('adds a row through the dialog: the create call carries what was filled in, without an id', async () => {",
    '  const user = userEvent.setup();',
    '  renderPage();',
    `  ${loaded(plan)}`,
    "  await user.click(screen.getByRole('button', { name: '新增' }));",
    "  const dialog = await screen.findByRole('dialog');",
    ...steps.flatMap((s) => fillStep(s, entity)).map((line) => `  ${line}`),
    "  await user.click(within(dialog).getByRole('button', { name: '保存' }));",
    '  await waitFor(() => expect(calls.submit).toHaveLength(1));',
    `  expect(calls.submit[0]).toMatchObject({ ${expected} });`,
    "  expect(calls.submit[0]).not.toHaveProperty('id');",
    ...shown,
    '});',
  ];
}

export function pageTestFile(entity: DeclaredEntity, plan: TestPlan, n: PageNames, command: string): string {
  const parts: Parts = { entity, plan, n };
  const steps = 'steps' in plan.add ? plan.add.steps : undefined;
  const labelled = steps?.some((s) => s.field.label);
  const header = [
    `// Generated by \`${command}\``,
    `// from the contract's manifest of \`${entity.facts.name}\`: the page against the contract's in-memory backend`,
    '// (@smart/crud/testing), as libs/features/system/src/post/PostPage.test.tsx does. Extend it as the page comes to',
    '// differ from the contract.',
    ...('omitted' in plan.add ? [`// No add test: ${plan.add.omitted}.`] : []),
  ];
  const body = [
    ...listTest(parts),
    ...(steps ? ['', ...addTest(parts, steps)] : []),
    '',
    ...textsTest(parts),
  ].map((line) => (line ? `  ${line}` : line));
  return [
    ...header,
    ...imports(parts, !!steps),
    '',
    ...(labelled ? [`const labels = entityCatalogue.zh.entity.${entity.catalogueKey};`, ''] : []),
    ...rows(parts),
    '',
    ...backendAndServer(parts),
    '',
    ...render(parts),
    '',
    `describe('${words(entity.facts.name)} page', () => {`,
    ...body,
    '});',
    '',
  ].join('\n');
}
