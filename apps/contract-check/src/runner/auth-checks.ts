// The token endpoint (password and refresh grants, refusals for an unknown account, a forged refresh token and a
// bad client) and the logout (on a session of its own, whose token must be revoked).
import type { Classified } from '../classify';
import { md5 } from '../http';
import { expectOk, expectRefusal, expectStatus } from './expectations';
import type { RunContext } from './run-context';

/**
 * The token endpoint and the logout need sessions of their own, made with the account and password; with only a
 * token (`--token`) they are reported as not exercised.
 */
function withoutAccount(ctx: RunContext, c: Classified): boolean {
  if (ctx.opts.account && ctx.opts.password) return false;
  const rep = ctx.report(c);
  rep.status = 'skipped';
  rep.note = 'not exercised: needs --account and --password (a session of its own)';
  return true;
}

export async function exerciseToken(ctx: RunContext, c: Classified) {
  if (withoutAccount(ctx, c)) return;
  const account = ctx.opts.account!;
  const password = ctx.opts.password!;
  const refresh = /\/refresh$/.test(c.op.path) || !c.op.parameters.some((p) => p.name === 'username');
  if (!refresh) {
    // the real login, then refusals for an account that does not exist (never the checker's own account:
    // failures count towards its lock-out)
    await ctx.call(
      c,
      'password grant',
      {
        query: {
          grant_type: 'password',
          username: account,
          password: md5(password),
          scope: 'all',
          tenantId: ctx.opts.tenant,
        },
        token: false,
      },
      expectOk(ctx, c.op),
      true,
    );
  } else {
    const fresh = await ctx.http.login(ctx.tokenPath, account, password);
    await ctx.call(
      c,
      'refresh grant',
      {
        query: {
          grant_type: 'refresh_token',
          refresh_token: String(fresh.refresh_token),
          scope: 'all',
          tenantId: ctx.opts.tenant,
        },
        token: false,
      },
      expectOk(ctx, c.op),
      true,
    );
    await ctx.call(
      c,
      'refresh token is single use → 4xx',
      {
        query: { grant_type: 'refresh_token', refresh_token: String(fresh.refresh_token), scope: 'all' },
        token: false,
      },
      expectRefusal(ctx, c.op),
    );
  }
  if (ctx.isNotImplemented(c)) return;
  const nobody = {
    grant_type: 'password',
    username: `cc-nobody${ctx.suffix}`,
    password: md5('wrong'),
    scope: 'all',
  };
  if (!refresh) {
    await ctx.call(c, 'unknown account → 4xx', { query: nobody, token: false }, expectRefusal(ctx, c.op));
  } else {
    await ctx.call(
      c,
      'forged refresh token → 4xx',
      { query: { grant_type: 'refresh_token', refresh_token: 'not.a.jwt', scope: 'all' }, token: false },
      expectRefusal(ctx, c.op),
    );
  }
  await ctx.call(
    c,
    'bad client → 401',
    { query: nobody, token: false, headers: { authorization: 'Basic bm9ib2R5Om5vdGhpbmc=' } },
    expectStatus(ctx, c.op, 401),
  );
}

export async function exerciseLogout(ctx: RunContext, c: Classified) {
  if (withoutAccount(ctx, c)) return;
  // a session of its own: the checker's session must survive
  const fresh = await ctx.http.login(ctx.tokenPath, ctx.opts.account!, ctx.opts.password!);
  const token = String(fresh.access_token);
  const reply = await ctx.call(c, 'logout own session', { token }, expectOk(ctx, c.op), true);
  if (ctx.isNotImplemented(c) || reply.status !== 200) return;
  // the token is revoked: any operation that needs a token now answers 401
  await ctx.call(c, 'token revoked after logout → 401', { token }, (r) =>
    r.status === 401 ? undefined : `expected HTTP 401 with the revoked token, got ${r.status}`,
  );
}
