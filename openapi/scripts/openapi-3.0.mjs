// Writes dist/smart-api-3.0.json (and .yaml): the finished 3.1 bundle down-converted to OpenAPI 3.0.3 for
// generators and gateways that read only 3.0 (nullable instead of type arrays, `example` instead of `examples`,
// enums instead of `const`), with a well-kept converter (@apiture/openapi-down-convert), then validated against the
// 3.0 schema by @scalar/openapi-parser: a bundle that is not valid 3.0 stops the build. The last step of
// finish-bundle.mjs; run alone, it converts dist/smart-api.json.
import { readFileSync, writeFileSync } from 'node:fs';
import converter from '@apiture/openapi-down-convert';
import { validate } from '@scalar/openapi-parser';
import { stringify } from 'yaml';
import { dist, isMain } from './bundle-files.mjs';

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
// what the converter leaves of 3.1: a `const` it did not reach (a boolean's) becomes a one-value enum;
// `contentSchema` goes
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

/** The 3.0 form of the 3.1 bundle `doc31` (left as it is); throws when the result is not valid 3.0. */
export async function openApi30(doc31) {
  // the conversion edits its input: it works on a copy, the document smart-api.json holds
  const doc = JSON.parse(JSON.stringify(doc31));
  files(doc.components);
  files(doc.paths);
  const doc30 = new converter.Converter(doc, { allOfTransform: false }).convert();
  // `info.summary` (3.1 only) joins the description
  if (doc30.info.summary) {
    doc30.info.description = `${doc30.info.summary}\n\n${doc30.info.description ?? ''}`.trim();
    delete doc30.info.summary;
  }
  visit(doc30.components);
  visit(doc30.paths);

  const result = await validate(doc30);
  if (!result.valid || result.version !== '3.0') {
    const errors = (result.errors ?? []).slice(0, 40).map((e) => JSON.stringify(e));
    throw new Error(
      `openapi-3.0: the 3.0 bundle is not valid OpenAPI ${result.version ?? '3.0'}:\n  ${errors.join('\n  ')}`,
    );
  }
  return doc30;
}

/** Writes dist/smart-api-3.0.json and .yaml; returns the line the build logs. */
export function writeOpenApi30(doc30) {
  writeFileSync(new URL('smart-api-3.0.json', dist), JSON.stringify(doc30, null, 2) + '\n');
  writeFileSync(new URL('smart-api-3.0.yaml', dist), stringify(doc30, { lineWidth: 0 }));
  return `openapi-3.0: ${doc30.openapi} bundle written and valid (${Object.keys(doc30.paths).length} paths)`;
}

if (isMain(import.meta.url)) {
  const doc31 = JSON.parse(readFileSync(new URL('smart-api.json', dist), 'utf8'));
  console.log(writeOpenApi30(await openApi30(doc31)));
}
