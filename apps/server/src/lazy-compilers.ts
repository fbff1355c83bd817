/**
 * Schema compilers that compile on first use. The contract has ~500 operations with fully inlined schemas:
 * compiling every validator (Ajv) and response serializer (fast-json-stringify) at start-up cost ~165 MB and most
 * of the start-up time, for routes a given instance may never serve. Compiled lazily, each route pays once, on its
 * first request; behaviour is the same (the same default compilers and options do the work).
 *
 * One thing Fastify does for its own compilers but not for custom ones (it assumes Joi or TypeBox there): lower-case
 * the property names of header schemas, as Node delivers every header name lower-cased. Without it the contract's
 * `Dept-Id` or `Captcha-Key` would never match a request header and go unvalidated; done here, before compiling.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<F> = (routeSchema: never) => F;
type ValidatorFactory = (externalSchemas: unknown, options: unknown) => Compile<AjvValidate>;
type SerializerFactory = (externalSchemas: unknown, options: unknown) => Compile<(data: unknown) => string>;

interface AjvValidate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

function lazyValidator(compile: () => AjvValidate): AjvValidate {
  let fn: AjvValidate | undefined;
  const validate: AjvValidate = (data, context) => {
    fn ??= compile();
    const result = fn(data, context);
    validate.errors = fn.errors;
    return result;
  };
  // Fastify passes the parent object (needed for Ajv to coerce or default a root value) only to functions that
  // look like Ajv's, i.e. carry `schemaEnv`.
  validate.schemaEnv = true;
  return validate;
}

interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The header schema with lower-cased property names and required list (other schemas unchanged). */
function lowerCaseHeaders<T extends RouteSchema>(route: T): T {
  const schema = route.schema as ObjectSchema | null;
  if (route.httpPart !== 'headers' || !schema || typeof schema !== 'object') return route;
  const lowered: ObjectSchema = { ...schema };
  if (schema.properties) {
    lowered.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([k, v]) => [k.toLowerCase(), v]),
    );
  }
  if (Array.isArray(schema.required)) lowered.required = schema.required.map((k) => k.toLowerCase());
  return { ...route, schema: lowered };
}

function lazySerializer(compile: () => (data: unknown) => string): (data: unknown) => string {
  let fn: ((data: unknown) => string) | undefined;
  return (data) => (fn ??= compile())(data);
}

export function lazyCompilers(): NonNullable<FastifyServerOptions['schemaController']> {
  const buildValidator = (AjvCompiler as unknown as () => ValidatorFactory)();
  const buildSerializer = (SerializerSelector as unknown as () => SerializerFactory)();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas: unknown, options: unknown) => {
        const compile = buildValidator(externalSchemas, options);
        return (routeSchema: never) =>
          lazyValidator(() => compile(lowerCaseHeaders(routeSchema as RouteSchema) as never));
      },
      buildSerializer: (externalSchemas: unknown, options: unknown) => {
        const compile = buildSerializer(externalSchemas, options);
        return (routeSchema: never) => lazySerializer(() => compile(routeSchema));
      },
    },
  } as NonNullable<FastifyServerOptions['schemaController']>;
}
