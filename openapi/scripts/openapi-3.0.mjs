// Writes dist/smart-api-3.0.json (and .yaml): the finished 3.1 bundle down-converted to OpenAPI 3.0.3 for
// generators and gateways that read only 3.0 (nullable instead of type arrays, `example` instead of `examples`,
// enums instead of `const`), with a well-kept converter (@apiture/openapi-down-convert), then validated against the
// 3.0 schema by @scalar/openapi-parser: a bundle that is not valid 3.0 stops the build.
import { readFileSync, writeFileSync } from 'node:fs';
import converter from '@apiture/openapi-down-convert';
import { validate } from '@scalar/openapi-parser';
import { stringify } from 'yaml';

const dir = new URL('../dist/', import.meta.url);
const doc31 = JSON.parse(readFileSync(new URL('smart-api.json', dir), 'utf8'));
// a file part is a schema with only `contentMediaType` in 3.1 (upload.yaml `UploadFile.file`); 3.0 says the same
// as a binary string, which generators turn into a Blob
const files = (node) => {
  if (Array.isArray(node)) return node.forEach(files);
  if (!node || typeof node !== 'object') return;
  if (typeof node.contentMediaType === 'string' && node.type === undefined) {
    node.type = 'string';
    node.format = 'binary';
    delete node.contentMediaType;
  }
  Object.values(node).forEach(files);
};
files(doc31.components);
files(doc31.paths);
const doc30 = new converter.Converter(doc31, { allOfTransform: false }).convert();
// what the converter leaves of 3.1: `info.summary` (3.1 only) joins the description; a `const` it did not reach
// (a boolean's) becomes a one-value enum; `contentSchema` goes
if (doc30.info.summary) {
  doc30.info.description = `${doc30.info.summary}\n\n${doc30.info.description ?? ''}`.trim();
  delete doc30.info.summary;
}
const visit = (node) => {
  if (Array.isArray(node)) return node.forEach(visit);
  if (!node || typeof node !== 'object') return;
  if ('const' in node && !('enum' in node)) {
    node.enum = [node.const];
    delete node.const;
  }
  // JSON text's own schema has no 3.0 keyword: the description says what the text holds
  delete node.contentSchema;
  Object.values(node).forEach(visit);
};
visit(doc30.components);
visit(doc30.paths);

const result = await validate(doc30);
if (!result.valid || result.version !== '3.0') {
  const errors = (result.errors ?? []).slice(0, 40).map((e) => JSON.stringify(e));
  console.error(
    `openapi-3.0: the 3.0 bundle is not valid OpenAPI ${result.version ?? '3.0'}:\n  ${errors.join('\n  ')}`,
  );
  process.exit(1);
}
writeFileSync(new URL('smart-api-3.0.json', dir), JSON.stringify(doc30, null, 2) + '\n');
writeFileSync(new URL('smart-api-3.0.yaml', dir), stringify(doc30, { lineWidth: 0 }));
console.log(
  `openapi-3.0: ${doc30.openapi} bundle written and valid (${Object.keys(doc30.paths).length} paths)`,
);
