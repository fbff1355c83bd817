/**
 * Social login providers (docs/platform-contract.md §2.1 `social` grant, §2.2 `oauth/render/{source}`).
 *
 * A provider builds the authorize address and turns an authorisation code into the third-party profile. The
 * generic OAuth2 provider covers GitHub, Gitee and any standard server (authorize, token and userinfo URLs);
 * providers are configured with `SOCIAL_PROVIDERS`, a JSON object keyed by source, e.g.
 * `{"github":{"clientId":"…","clientSecret":"…","redirectUri":"https://console/oauth/callback/github"}}`.
 * Known sources (github, gitee) default their URLs; any other source names them all.
 */

export interface SocialProfile {
  /** the provider's user id */
  uuid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  blog: string;
  company: string;
  location: string;
  gender: string;
}

export interface SocialProvider {
  readonly source: string;
  authorizeUrl(state: string): string;
  /** Exchanges the code and reads the profile; throws when the provider refuses. */
  profile(code: string): Promise<SocialProfile>;
}

export interface GenericOAuth2Config {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  scope?: string;
}

const PRESETS: Record<
  string,
  Pick<GenericOAuth2Config, 'authorizeUrl' | 'tokenUrl' | 'userInfoUrl' | 'scope'>
> = {
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scope: 'read:user',
  },
  gitee: {
    authorizeUrl: 'https://gitee.com/oauth/authorize',
    tokenUrl: 'https://gitee.com/oauth/token',
    userInfoUrl: 'https://gitee.com/api/v5/user',
    scope: 'user_info',
  },
};

export class SocialError extends Error {}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';

const TIMEOUT_MS = 10_000;

export class GenericOAuth2Provider implements SocialProvider {
  private readonly cfg: Required<GenericOAuth2Config>;
  constructor(
    readonly source: string,
    cfg: GenericOAuth2Config,
  ) {
    const merged = { scope: '', ...PRESETS[source], ...cfg };
    if (!merged.clientId || !merged.authorizeUrl || !merged.tokenUrl || !merged.userInfoUrl) {
      throw new Error(
        `social provider ${source}: clientId and the authorize, token and userinfo URLs are required`,
      );
    }
    this.cfg = merged as Required<GenericOAuth2Config>;
  }

  authorizeUrl(state: string): string {
    const u = new URL(this.cfg.authorizeUrl);
    u.searchParams.set('response_type', 'code');
    u.searchParams.set('client_id', this.cfg.clientId);
    if (this.cfg.redirectUri) u.searchParams.set('redirect_uri', this.cfg.redirectUri);
    if (this.cfg.scope) u.searchParams.set('scope', this.cfg.scope);
    u.searchParams.set('state', state);
    return u.toString();
  }

  async profile(code: string): Promise<SocialProfile> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: this.cfg.clientId,
      client_secret: this.cfg.clientSecret,
      redirect_uri: this.cfg.redirectUri,
    });
    const tokenRes = await fetch(this.cfg.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const tokenBody = (await tokenRes.json().catch(() => ({}))) as Record<string, unknown>;
    const accessToken = str(tokenBody.access_token);
    if (!tokenRes.ok || !accessToken) throw new SocialError(`token exchange refused (${tokenRes.status})`);
    const infoRes = await fetch(this.cfg.userInfoUrl, {
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const p = (await infoRes.json().catch(() => ({}))) as Record<string, unknown>;
    const uuid = str(p.id ?? p.sub ?? p.uuid);
    if (!infoRes.ok || !uuid) throw new SocialError(`userinfo refused (${infoRes.status})`);
    const username = str(p.login ?? p.username ?? p.preferred_username) || `${this.source}_${uuid}`;
    return {
      uuid: uuid.slice(0, 128),
      username: username.slice(0, 100),
      nickname: str(p.name ?? p.nickname).slice(0, 100),
      avatar: str(p.avatar_url ?? p.avatar ?? p.picture).slice(0, 500),
      email: str(p.email).slice(0, 255),
      blog: str(p.blog).slice(0, 255),
      company: str(p.company).slice(0, 255),
      location: str(p.location).slice(0, 255),
      gender: str(p.gender).slice(0, 16),
    };
  }
}

/** Providers of `SOCIAL_PROVIDERS` (empty when unset: social login is then disabled). */
export function socialProvidersFromEnv(env: NodeJS.ProcessEnv = process.env): Map<string, SocialProvider> {
  const out = new Map<string, SocialProvider>();
  const raw = env.SOCIAL_PROVIDERS?.trim();
  if (!raw) return out;
  const parsed = JSON.parse(raw) as Record<string, GenericOAuth2Config>;
  for (const [source, cfg] of Object.entries(parsed)) {
    if (!/^[a-z][a-z0-9_]{1,31}$/.test(source)) throw new Error(`social provider name invalid: ${source}`);
    out.set(source, new GenericOAuth2Provider(source, cfg));
  }
  return out;
}
