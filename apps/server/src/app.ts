import { lazyCompilers } from './lazy-compilers';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import os from 'node:os';
import path from 'node:path';
import type { PgTable } from 'drizzle-orm/pg-core';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteHandlerMethod,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { ClientCache, securityHandlers } from './auth/security';
import { Tokens, loadSigningKey } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db } from './db/index';
import { authHandlers } from './modules/auth/oauth/oauth.module';
import { deptHandlers } from './modules/system/dept/dept.module';
import { dictBizHandlers, dictHandlers } from './modules/system/dict/dict.module';
import { menuHandlers } from './modules/system/menu/menu.module';
import { roleHandlers } from './modules/system/role/role.module';
import { scopeModule } from './modules/system/scope/scope.module';
import { apiScopeHook } from './auth/api-scope';
import { buttonGuardHook, writeGuards } from './auth/button-guard';
import { declaredEntities, entityRegistry } from './crud/entities';
import { plainEntityModules } from './modules/plain-entities';
import { inputGuardHook } from './kernel/input-guard';
import { nullGuardHook } from './kernel/null-guard';
import { registerApiReference } from './http/api-reference';
import { registerHttp } from './http/index';
import { postModule } from './modules/system/post/post.module';
import { clientModule } from './modules/system/client/client.module';
import { topmenuModule } from './modules/system/topmenu/topmenu.module';
import { noticeModule } from './modules/desk/notice/notice.module';
import { ossModule } from './modules/resource/oss/oss.module';
import { smsModule } from './modules/resource/sms/sms.module';
import { developModule } from './modules/develop/develop.module';
import { logModule } from './modules/monitor/log/log.module';
import { regionHandlers } from './modules/system/region/region.module';
import { tenantHandlers } from './modules/system/tenant/tenant.module';
import { userHandlers } from './modules/system/user/user.module';
import { yingdaoAuthModule } from './modules/system/yingdao-auth/yingdao-auth.module';
import { registerLabelInvalidation } from './modules/system/user/user-labels';
import { flowHandlers } from './modules/flow/flow/flow.module';
import { orderModule } from './modules/order/order/order.module';
import { payHandlers } from './modules/order/pay/pay.module';
import { balanceLogModule } from './modules/order/balance-log/balance-log.module';
import { grantRecordModule } from './modules/order/grant-record/grant-record.module';
import { rpaCardGroupModule } from './modules/rpa/rpa-card-group/rpa-card-group.module';
import { rpaCardPasswordModule } from './modules/rpa/rpa-card-password/rpa-card-password.module';
import { dashboardModule } from './modules/desk/dashboard/dashboard.module';
import { mjAppConfigModule } from './modules/mj/mj-app-config/mj-app-config.module';
import { mjPromptModule } from './modules/mj/mj-prompt/mj-prompt.module';
import { mjAppModule } from './modules/mj/mj-app/mj-app.module';
import { aiConfigModule } from './modules/commerce/ai-config/ai-config.module';
import { ydUserModule } from './modules/yingdao/yd-user/yd-user.module';
import { ydUserDevelopModule } from './modules/yingdao/yd-user-develop/yd-user-develop.module';
import { setupEngine } from './engine/index';
import { automationModules } from './modules/automation-modules';
import { schedulerJobModule } from './modules/scheduler/scheduler-job.module';
import { setupPayments } from './pay/setup';
import { registerFileRoute } from './storage/files';
import { registerMultipart } from './storage/multipart';
import { registerRequestLogging } from './logging/hooks';
import {
  datePatterns,
  extensionKeywords,
  loadSpec,
  operationsWithRequiredBody,
  type OpenApiDocument,
} from './spec';
import { AuthError, BizError, OAuthError, fail } from './util';
import { type AjvErrorLike, formTexts, operationOf, validationMessage } from './kernel/validation-message';

export interface BuildAppOptions {
  db: Db;
  config: Pick<
    ServerConfig,
    'jwtSecret' | 'consoleDist' | 'logger' | 'uploadDir' | 'uploadMaxBytes' | 'pay' | 'engine'
  >;
  /** The contract to serve (tests); by default the bundle of `openapi/`. */
  spec?: OpenApiDocument;
  /**
   * Tables of entities without extras served beside PLAIN_ENTITY_TABLES (tests: a generated entity dropped into the
   * server with its contract in `spec`).
   */
  plainTables?: Readonly<Record<string, PgTable>>;
}

/** Operations that answer raw OAuth2 JSON instead of the envelope. */
const OAUTH_OPERATIONS = new Set(['oauthToken', 'oauthTokenRefresh']);

/** Fastify client errors (bad JSON, media type, body size …) keep their status, with an upstream message. */
const CLIENT_ERROR_MSG: Record<number, string> = {
  400: '消息不能读取',
  404: '404 没找到请求',
  405: '不支持当前请求方法',
  413: '请求体过大',
  415: '不支持当前媒体类型',
};

/** Message of an operation the contract declares but this server does not implement yet. */
export const NOT_IMPLEMENTED_MSG = '接口未实现';

const notImplemented = async (_req: FastifyRequest, reply: FastifyReply) =>
  reply.code(501).send(fail(501, NOT_IMPLEMENTED_MSG));

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const spec = opts.spec ?? loadSpec();
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: 1024 * 1024,
    // Id lists travel in the query string (`remove?ids=`, up to 20000 characters by the contract): Node's default
    // 16 KiB header limit would answer 431 without the envelope before Fastify sees the request.
    http: { maxHeaderSize: 64 * 1024 },
    schemaController: lazyCompilers(),
    ajv: {
      customOptions: {
        // Unknown input properties are ignored, as upstream; handlers pick the fields they use. `true`/'all' would
        // silently strip, and with allOf schemas ('all') even strip declared fields of the other branches.
        removeAdditional: false,
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
        // `multipleOf: 0.01` (yuan amounts) divides in binary floating point: 19.99 / 0.01 is 1998.9999999999998,
        // which Ajv's default check refuses; compare the quotient with a tolerance instead
        multipleOfPrecision: 9,
        // the contract's annotations (labels, rules, placeholders, dictionary codes for the console): every one it
        // uses, so a new one never fails a schema's compilation
        keywords: extensionKeywords(spec),
      },
    },
  });

  // security headers and compression of every answer (src/http): before any route, so every route gets them
  await registerHttp(app);
  // cookies: only the refresh token's, for the clients that ask for it so (src/modules/auth/oauth/refresh-cookie.ts)
  await app.register(fastifyCookie);

  // Every body of the contract is JSON. Fastify validates a body only against the schema of its media type, so a
  // text/plain body would skip validation: its parser refuses with 415, as other unknown media types are. (Replaced,
  // not just removed: openapi-glue warns at every start about a media type of the contract without a parser, and
  // text/plain is the one of the payment notifications' answers.)
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', (_req: FastifyRequest, _body: unknown, done: (err: Error) => void) =>
    done(Object.assign(new Error(CLIENT_ERROR_MSG[415]), { statusCode: 415 })),
  );

  // The entities the contract declares (src/crud/entities.ts), derived before openapi-glue annotates the document;
  // wrong declarations stop the start here with the list of what is wrong.
  const entities = opts.spec ? entityRegistry(spec) : declaredEntities();
  const forms = formTexts(entities);
  const dates = datePatterns(spec);

  const tokens = new Tokens(await loadSigningKey(db, config.jwtSecret));
  const clients = new ClientCache(db);

  // Authenticate before validating (as the upstream gateway does): a tokenless call is 401 whatever its
  // parameters. openapi-glue installs the security check as preHandler; move it to onRequest.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { operationId?: string } | undefined;
    if (schema?.operationId && route.preHandler) {
      const handlers = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
      route.onRequest = [
        ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []),
        ...handlers,
      ];
      route.preHandler = undefined;
    }
  });

  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const oauth = OAUTH_OPERATIONS.has(operationOf(req) ?? '');
    if (err instanceof OAuthError) {
      return reply.code(err.statusCode).send({ error: err.error, error_description: err.message });
    }
    if (err instanceof BizError) {
      return reply.code(err.statusCode).send(fail(err.statusCode, err.message));
    }
    // security handlers (openapi-glue wraps their errors), or an AuthError thrown by a handler
    if (err instanceof AuthError || err.name === 'Unauthorized' || err.statusCode === 401) {
      if (oauth)
        return reply.code(401).send({ error: 'invalid_client', error_description: '客户端认证失败' });
      return reply.code(401).send(fail(401, '请求未授权'));
    }
    if (err.validation) {
      const msg = validationMessage(err, req, forms, dates);
      if (oauth) {
        const first = (err.validation as AjvErrorLike[])[0];
        const badGrant = first?.instancePath === '/grant_type' && first.keyword === 'enum';
        return reply
          .code(400)
          .send({ error: badGrant ? 'unsupported_grant_type' : 'invalid_request', error_description: msg });
      }
      return reply.code(400).send(fail(400, msg));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = CLIENT_ERROR_MSG[status] ?? err.message;
      if (oauth) return reply.code(400).send({ error: 'invalid_request', error_description: msg });
      return reply.code(status).send(fail(status, msg));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(fail(500, '服务器异常,请联系管理员'));
  });

  const consoleDist = config.consoleDist;
  app.setNotFoundHandler((req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    if (!isApi && consoleDist && (req.method === 'GET' || req.method === 'HEAD')) {
      // SPA fallback: client-side routes get index.html
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(fail(404, '404 没找到请求'));
  });

  // api / login / error logs, written asynchronously in batches (src/logging)
  registerRequestLogging(app, db);

  // API scopes (src/auth/api-scope.ts): after authentication (route onRequest), before validation and handlers
  app.addHook('preValidation', apiScopeHook(db));
  // button permissions of writes (src/auth/button-guard.ts): before validation too, so a caller without the button
  // learns nothing of the body's rules and a refused write is refused whatever it sends
  app.addHook('preValidation', buttonGuardHook(db, writeGuards(entities.all)));
  // NUL characters and infinite numbers no database stores (src/kernel/input-guard.ts): a 400, not a failed query
  app.addHook('preHandler', inputGuardHook);
  // a JSON null where the contract declares none (src/kernel/null-guard.ts): 400 before Ajv coerces it to "" or 0
  app.addHook('preValidation', nullGuardHook);
  // user labels (src/modules/system/user/user-labels.ts): a write that renames drops this instance's names
  // before its answer
  registerLabelInvalidation(app, db);

  // uploads (src/storage): multipart bodies of the operations declaring them, and the local store's file route
  const uploadDir = config.uploadDir ?? path.join(os.tmpdir(), 'smart-uploads');
  await registerMultipart(app, config.uploadMaxBytes ?? 10 * 1024 * 1024);
  registerFileRoute(app, uploadDir);

  // A required body that is missing is a 400 like any invalid input (see operationsWithRequiredBody); after the
  // multipart hook, which fills the body of uploads
  const bodyRequired = operationsWithRequiredBody(spec);
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const operationId = (req.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (operationId && bodyRequired.has(operationId) && (req.body === undefined || req.body === null)) {
      throw Object.assign(new Error('request body is missing'), { statusCode: 400 });
    }
  });

  // payments (src/pay): body parsers of notifications, the sandbox's fake gateways when enabled, the expiry sweep
  const payments = await setupPayments(app, db, config.pay);

  // the automation engine (src/engine): the scheduler, task runs, the robot-facing API, Yingdao's callback, the
  // sandboxes; its loops run only when the engine's settings say so (ENGINE_SCHEDULER), from ready to close
  const engine = await setupEngine(app, db, entities, config.engine);

  // top menus are also answered by the menu service (`menuTopMenu`), in the topmenu module's view
  const topmenu = topmenuModule(db, entities);
  const serviceHandlers: object = {
    ...authHandlers(db, tokens),
    ...menuHandlers(db, topmenu.toVO),
    ...roleHandlers(db),
    ...topmenu.handlers,
    ...scopeModule(db, entities),
    ...dictHandlers(db, entities),
    ...plainEntityModules(db, entities, opts.plainTables),
    ...postModule(db, entities),
    ...dictBizHandlers(db, entities),
    ...deptHandlers(db),
    ...tenantHandlers(db, entities),
    ...clientModule(db, entities),
    ...regionHandlers(db),
    ...logModule(db, entities),
    ...ossModule(db, entities, { uploadDir }),
    ...smsModule(db, entities),
    ...developModule(db, entities),
    ...noticeModule(db, entities),
    ...dashboardModule(db).handlers,
    ...userHandlers(db),
    ...yingdaoAuthModule(db, entities),
    ...flowHandlers(db),
    ...orderModule(db, entities, payments),
    ...payHandlers(payments),
    ...balanceLogModule(db, entities),
    ...grantRecordModule(db, entities),
    ...rpaCardGroupModule(db, entities),
    ...rpaCardPasswordModule(db, entities),
    ...mjAppModule(db, entities),
    ...mjPromptModule(app, db, entities, engine.mj, { uploadDir }),
    ...mjAppConfigModule(db, entities),
    ...aiConfigModule(db, entities),
    ...ydUserModule(db, entities),
    ...ydUserDevelopModule(db, entities),
    ...schedulerJobModule(db, engine.scheduler),
    // after the plain entities: the task definitions' modules replace their generic handlers
    ...automationModules(db, entities),
    ...engine.handlers,
  };
  await app.register(openapiGlue, {
    specification: spec,
    // the contract's one cookie parameter (the refresh token's, src/modules/auth/oauth/refresh-cookie.ts) goes into
    // the route schema as `cookies`, which Fastify leaves to the handler; without this openapi-glue warns at every
    // start that Fastify does not validate cookies
    addCookieSchema: true,
    // Operations of the contract without a handler yet answer 501 with the envelope (after authentication and
    // validation), instead of openapi-glue's default, which throws and would surface as a 500.
    operationResolver: (operationId: string) =>
      Object.hasOwn(serviceHandlers, operationId)
        ? (serviceHandlers as Record<string, RouteHandlerMethod>)[operationId]!
        : notImplemented,
    securityHandlers: { ...securityHandlers(db, tokens, clients), runToken: engine.runToken },
  });

  await registerApiReference(app);

  if (consoleDist) {
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/',
      // the console's build writes .br and .gz beside its text assets (apps/console/build/precompress.ts): they are
      // sent by the request's Accept-Encoding, the plain file otherwise
      preCompressed: true,
      cacheControl: false,
      setHeaders(res: FastifyReply, filePath: string) {
        const hashed = /[\\/]assets[\\/]/.test(filePath);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  return app;
}
