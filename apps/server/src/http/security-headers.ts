/**
 * Security headers on every answer (@fastify/helmet): a Content-Security-Policy the console runs under, no framing
 * by other sites, `nosniff`, a Referrer-Policy, and HSTS when the request came over TLS.
 *
 * The console is a Vite build (apps/console/dist): its index.html loads only same-origin module scripts and
 * stylesheets, so scripts are `'self'` alone. Styles also admit inline ones: the UI's components (Radix, sonner,
 * react-remove-scroll) insert `<style>` elements and style attributes at run time. Images and media may come from
 * the object stores a tenant configures (oss configs: any http(s) endpoint), and the embedded page of an external
 * menu link (apps/console/src/pages/IframePage.tsx) frames any http(s) address — so those two admit http(s); calls
 * go to this server only.
 *
 * Two kinds of pages are not the console and get their own policy rather than a looser global one: the API
 * references under /api/docs (src/http/api-reference.ts: Redoc and Scalar, whose inline scripts are allowed by their
 * hashes), and the payment sandbox's pages under /sandbox-pay (src/pay/sandbox/page.ts: one inline `<style>`, a form
 * posting back).
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { FILE_ROUTE } from '../storage/local';

type Directives = Record<string, string[]>;

/** The simulated Midjourney proxy's images (src/sandbox/mj, not imported: production code never loads it). */
const SANDBOX_MJ_IMAGES = '/sandbox-mj/image/';

/** The console's policy, and the default of every answer. */
export const CONSOLE_CSP: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'media-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'", 'https:', 'http:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The API references (Redoc, Scalar, any other page under /api/docs): inline scripts by hash. */
export const DOCS_PREFIX = '/api/docs';
const DOCS_CSP: Directives = {
  ...CONSOLE_CSP,
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'frame-src': ["'none'"],
};

/** The payment sandbox's pages (src/pay/sandbox): nothing but their inline style and their form. */
export const SANDBOX_PREFIX = '/sandbox-pay';
const SANDBOX_CSP: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const serializeCsp = (d: Directives): string =>
  Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join(';');

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources of the inline scripts of an HTML page, as CSP hashes them (the exact text between tags). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    out.add(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...out];
}

const NO_INLINE_DOCS_CSP = serializeCsp(DOCS_CSP);

/**
 * The policies of the docs pages sent as Buffers, by page (app.ts keeps each page in one Buffer: hashing the 4 MB
 * Redoc page per request would be waste). Pages sent as strings are small (Scalar's) and hashed each time.
 */
const docsPolicies = new WeakMap<Buffer, string>();

function docsCsp(payload: unknown): string {
  const cached = Buffer.isBuffer(payload) ? docsPolicies.get(payload) : undefined;
  if (cached) return cached;
  const html = Buffer.isBuffer(payload)
    ? payload.toString('utf8')
    : typeof payload === 'string'
      ? payload
      : '';
  const hashes = inlineScriptHashes(html);
  const csp = serializeCsp({ ...DOCS_CSP, 'script-src': ["'self'", ...hashes] });
  if (Buffer.isBuffer(payload)) docsPolicies.set(payload, csp);
  return csp;
}

/** `https` when this hop is TLS, or the proxy in front says the client's was (first `X-Forwarded-Proto`). */
export function overTls(req: FastifyRequest): boolean {
  if (req.protocol === 'https') return true;
  const fwd = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

const HSTS = 'max-age=31536000; includeSubDomains';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the routes of the API reference: their CSP is computed from the page (hashes of inline scripts). */
    docsCsp?: boolean;
  }
}

const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Route-level policies, given by path to routes other modules register (helmet reads `config.helmet`).
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url ?? '';
    const config = (route.config ?? {}) as Record<string, unknown>;
    if (isUnder(url, DOCS_PREFIX)) {
      route.config = { ...config, docsCsp: true, helmet: { contentSecurityPolicy: false } } as never;
    } else if (isUnder(url, SANDBOX_PREFIX)) {
      route.config = {
        ...config,
        helmet: { contentSecurityPolicy: { useDefaults: false, directives: SANDBOX_CSP } },
      } as never;
    } else if (url.startsWith(`${FILE_ROUTE}/`) || url.startsWith(SANDBOX_MJ_IMAGES)) {
      // uploaded objects are public links, as an object store's are (src/storage/files.ts): other sites may show them;
      // so are the simulated drawing service's images, as a real one's CDN links are (the console shows them)
      route.config = {
        ...config,
        helmet: { crossOriginResourcePolicy: { policy: 'cross-origin' } },
      } as never;
    }
  });

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    // HSTS only over TLS (below): a plain-HTTP deployment (`npm start` on a LAN) must not be pinned to https
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // browsers ignore HSTS received over plain HTTP, so a forged X-Forwarded-Proto cannot pin anything
    if (overTls(req)) reply.header('strict-transport-security', HSTS);
  });

  // before @fastify/compress's onSend (route-level hooks run after these), so the page is still text here
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (req.routeOptions.config?.docsCsp) {
      // only pages have inline scripts to admit: the bundle (2.6 MB of JSON) and Scalar's script are not read
      const page = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
      reply.header('content-security-policy', page ? docsCsp(payload) : NO_INLINE_DOCS_CSP);
    }
    return payload;
  });
}
