import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './config';

/** Path of the bundled contract (`cd openapi && npm run generate`). */
export function specPath(): string {
  try {
    return createRequire(import.meta.url).resolve('@smart/openapi/smart-api.json');
  } catch {
    return path.join(repoRoot, 'openapi/dist/smart-api.json');
  }
}

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
} & Record<string, unknown>;

/** A fresh copy of the bundled contract (openapi-glue and Ajv may annotate what they get). */
export function loadSpec(): OpenApiDocument {
  const p = specPath();
  if (!existsSync(p)) {
    throw new Error(
      `The bundled contract ${p} is missing: run "npm run generate" in openapi/ (or "npx nx run-many -t generate").`,
    );
  }
  return JSON.parse(readFileSync(p, 'utf8')) as OpenApiDocument;
}

/** Path of the static API reference page built from the bundle (`openapi/dist/api-docs.html`). */
export function apiDocsPath(): string {
  return path.join(path.dirname(specPath()), 'api-docs.html');
}

/**
 * Operations whose request body is required. Fastify validates a body only against the schema of the request's
 * media type, so a request without a body (and without a content type) would reach the handler unvalidated.
 */
export function operationsWithRequiredBody(doc: OpenApiDocument): Set<string> {
  const out = new Set<string>();
  const bodies =
    (doc.components as { requestBodies?: Record<string, { required?: boolean }> }).requestBodies ?? {};
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as {
      operationId?: string;
      requestBody?: { required?: boolean; $ref?: string };
    }[]) {
      const body = op?.requestBody?.$ref
        ? bodies[op.requestBody.$ref.split('/').pop() ?? '']
        : op?.requestBody;
      if (op?.operationId && body?.required) out.add(op.operationId);
    }
  }
  return out;
}

/**
 * The patterns of the contract's dates (common.yaml `DateTime` and `Date`, patterns.yaml `OptionalDateTime`): a value
 * they refuse is answered as the server's own date reader answers it (src/kernel/datetime.ts `DATE_MSG`), whichever
 * of the two refuses it first.
 */
export function datePatterns(doc: OpenApiDocument): Set<string> {
  const out = new Set<string>();
  for (const name of ['DateTime', 'Date', 'OptionalDateTime']) {
    const pattern = (doc.components.schemas[name] as { pattern?: unknown } | undefined)?.pattern;
    if (typeof pattern === 'string') out.add(pattern);
  }
  return out;
}

/**
 * Every extension key the contract uses (`x-label`, `x-rule`, `x-placeholder` …), for Ajv: in strict mode an
 * unknown keyword in a schema fails its compilation, so a new annotation added to the contract answered every
 * request of the operations using it with a 500 (openapi/README.md lists the extensions).
 */
export function extensionKeywords(doc: OpenApiDocument): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) found.add(key);
        visit(value);
      }
  };
  visit(doc);
  return [...found].sort();
}
