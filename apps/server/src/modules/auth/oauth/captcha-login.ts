/** The captcha grant (the password grant behind a captcha) and the captcha it checks. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaStore } from '../../../auth/captcha';
import type { ClientRow } from '../../../auth/security';
import { OAuthError } from '../../../util';
import { CAPTCHA_MSG, header, type Grant, type TokenQuery } from './oauth-common';

/** The password grant behind a captcha, checked (and consumed) first. */
export function captchaGrant<T>(captcha: CaptchaStore, passwordGrant: Grant<T>): Grant<T> {
  return async (req: FastifyRequest, q: TokenQuery, c: ClientRow) => {
    const key = header(req, 'captcha-key');
    const code = header(req, 'captcha-code');
    if (!key || !code || !(await captcha.verify(key, code))) {
      throw new OAuthError(400, 'access_denied', CAPTCHA_MSG);
    }
    return passwordGrant(req, q, c);
  };
}

export function captchaHandlers(captcha: CaptchaStore) {
  return {
    /** A fresh captcha (raw JSON): the answer stays in the database, hashed, single use. */
    async oauthCaptcha(_req: FastifyRequest, reply: FastifyReply) {
      const { key, image } = await captcha.create();
      reply.header('cache-control', 'no-store');
      return { key, image };
    },
  };
}
