/**
 * The authentication service (docs/platform-contract.md §2, docs/architecture.md §5): the OAuth2 token endpoint with
 * its grants (password, captcha, social, refresh with rotation), logout, captchas, social logins, the token's user
 * info, and the console's error log.
 *
 * The parts: ./token-endpoint.ts (dispatch and attempt limits), ./password-grant.ts (with the lock-out),
 * ./captcha-login.ts, ./social-login.ts, ./refresh-grant.ts, ./session.ts (logout, cache reset, user info),
 * ./console-logs.ts; what they share is in ./oauth-common.ts and ./token-issue.ts.
 */
import { CaptchaStore } from '../../../auth/captcha';
import { RateLimiter } from '../../../auth/rate-limit';
import { socialProvidersFromEnv, type SocialProvider } from '../../../auth/social';
import type { Tokens } from '../../../auth/tokens';
import type { Db } from '../../../db/index';
import { captchaGrant, captchaHandlers } from './captcha-login';
import { consoleLogHandlers } from './console-logs';
import { passwordGrant } from './password-grant';
import { refreshGrant } from './refresh-grant';
import { sessionHandlers } from './session';
import { socialGrant, socialHandlers } from './social-login';
import { tokenEndpointHandlers } from './token-endpoint';
import { tokenIssuer } from './token-issue';

export interface AuthOptions {
  captcha?: CaptchaStore;
  limiter?: RateLimiter;
  /** Social providers by source (default: `SOCIAL_PROVIDERS`). */
  social?: Map<string, SocialProvider>;
}

export function authHandlers(db: Db, tokens: Tokens, opts: AuthOptions = {}) {
  const captcha = opts.captcha ?? new CaptchaStore(db);
  const limiter = opts.limiter ?? new RateLimiter(db);
  const providers = opts.social ?? socialProvidersFromEnv();
  const issuer = tokenIssuer(db, tokens);
  const password = passwordGrant(db, issuer);

  return {
    ...tokenEndpointHandlers(limiter, {
      password,
      captcha: captchaGrant(captcha, password),
      social: socialGrant(db, providers, issuer),
      refresh: refreshGrant(db, tokens, issuer),
    }),
    ...sessionHandlers(db),
    ...consoleLogHandlers(db),
    ...captchaHandlers(captcha),
    ...socialHandlers(db, providers),
  };
}
