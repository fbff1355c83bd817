// (a) What each @smart/ui export adds to a page: one library-mode Vite build per export (minified, React
// external because every page already has it), gzip -9 of the entry chunk. Lazy chunks (e.g. the Excel writer,
// loaded on first export) are listed apart: they are not part of the page.
import react from '@vitejs/plugin-react';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const here = new URL('.', import.meta.url).pathname;

export const entries = {
  Button: `export { Button } from '@smart/ui';`,
  Input: `export { Input } from '@smart/ui';`,
  Checkbox: `export { Checkbox } from '@smart/ui';`,
  SimpleSelect: `export { SimpleSelect } from '@smart/ui';`,
  SimpleDialog: `export { SimpleDialog } from '@smart/ui';`,
  ConfirmDialog: `export { ConfirmProvider, useConfirm } from '@smart/ui';`,
  DropdownMenu: `export { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@smart/ui';`,
  Popover: `export { Popover, PopoverContent, PopoverTrigger } from '@smart/ui';`,
  Toaster: `export { Toaster, toast } from '@smart/ui';`,
  Pagination: `export { Pagination } from '@smart/ui';`,
  DataTable: `export { DataTable } from '@smart/ui';`,
  'DataTable + toolbar (settings, density, export)': `export { DataTable, ColumnSettings, DensityMenu, ExportMenu, exportRows, useDataTableSettings } from '@smart/ui';`,
  'Shell primitives (button, input, select, dialog, menu, popover, toaster, tooltip)': `export { Button, Input, SimpleSelect, SimpleDialog, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, Popover, PopoverContent, PopoverTrigger, Toaster, toast, Tooltip, TooltipContent, TooltipTrigger, Checkbox, Switch, Textarea } from '@smart/ui';`,
  'Shell primitives + CRUD kit': `export { Button, Input, SimpleSelect, SimpleDialog, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, Popover, PopoverContent, PopoverTrigger, Toaster, toast, Tooltip, TooltipContent, TooltipTrigger, Checkbox, Switch, Textarea } from '@smart/ui';\nexport { CrudPage, CrudProvider, defineResource } from '@smart/crud';`,
  'CRUD kit (CrudPage: search, toolbar, table, form dialog)': `export { CrudPage, CrudProvider, defineResource } from '@smart/crud';`,
};

const external = [/^react($|\/)/, /^react-dom($|\/)/];
const kb = (n) => (n / 1024).toFixed(1);

async function measure(name, code, dir) {
  const file = join(dir, `${name.replace(/\W+/g, '_')}.js`);
  writeFileSync(file, `${code}\n`);
  const result = await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins: [react()],
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry: file, formats: ['es'], fileName: 'entry' },
      rollupOptions: { external },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  // What a page loads up front: the entry and everything it imports statically (shared chunks included);
  // the rest is only fetched by dynamic imports.
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const upFront = new Set();
  const visit = (c) => {
    if (!c || upFront.has(c)) return;
    upFront.add(c);
    for (const name of c.imports) visit(byName.get(name));
  };
  for (const c of chunks.filter((x) => x.isEntry)) visit(c);
  const entry = [...upFront];
  const lazy = chunks.filter((c) => !upFront.has(c));
  const size = (list) => list.reduce((n, c) => n + gzipSync(Buffer.from(c.code), { level: 9 }).length, 0);
  const raw = (list) => list.reduce((n, c) => n + Buffer.byteLength(c.code), 0);
  return { name, gzip: size(entry), raw: raw(entry), lazyGzip: size(lazy) };
}

export async function uiSizes() {
  // Inside the repository so that the workspace packages resolve; removed afterwards.
  const dir = join(here, `.tmp-sizes-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const rows = [];
  try {
    for (const [name, code] of Object.entries(entries)) rows.push(await measure(name, code, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log('\n@smart/ui: JS each export adds to a page (minified, gzip -9, React external):');
  for (const r of rows) {
    const lazy = r.lazyGzip ? `  (+${kb(r.lazyGzip)} KB lazy on first use)` : '';
    console.log(`  ${r.name.padEnd(width)}  ${kb(r.gzip).padStart(6)} KB  (raw ${kb(r.raw)} KB)${lazy}`);
  }
  const kit = rows.at(-1);
  const shell = rows.find((r) => r.name.startsWith('Shell primitives ('));
  const both = rows.find((r) => r.name === 'Shell primitives + CRUD kit');
  console.log(`CRUD kit total, standalone: ${kb(kit.gzip)} KB gzip`);
  console.log(
    `CRUD kit added to a feature chunk when the shell's vendor chunk already holds the primitives: ${kb(both.gzip - shell.gzip)} KB gzip (target <= 60 KB)`,
  );
  return rows;
}
