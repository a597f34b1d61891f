const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned access token with the claims the browser reads. */
export const makeToken = (
  overrides: Partial<{
    user_name: string;
    store_name: string;
    exp: number;
    authorities: string[];
    grant_type: 'password' | 'otp';
    company: string;
  }> = {},
) =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({
    user_name: 'admin@demo-store.test',
    store_name: 'demo-store',
    exp: Math.floor(Date.now() / 1000) + 3600,
    authorities: ['ADMIN_USER'],
    grant_type: 'password',
    company: 'Demo Company',
    ...overrides,
  })}.signature`;
