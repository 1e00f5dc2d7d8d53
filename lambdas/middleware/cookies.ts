import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type Config, cookiesAreSecure } from '../env';

/** `__Host-` pins the session cookie to this host, over HTTPS, for every path; plain HTTP (localhost) cannot use it. */
export function sessionCookieName(config: Config): string {
  return cookiesAreSecure(config) ? '__Host-lw_session' : 'lw_session';
}

export const SIGN_IN_STATE_COOKIE = 'lw_sign_in_state';

/** API Gateway v2 hands cookies over as a list of `name=value` strings. */
export function readCookies(
  event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>,
): Record<string, string> {
  const pairs = event.cookies ?? (event.headers?.cookie ? event.headers.cookie.split(';') : []);
  const cookies: Record<string, string> = {};
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator <= 0) continue;
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

export function serializeCookie(config: Config, name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (cookiesAreSecure(config)) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(config: Config, name: string, path = '/'): string {
  return serializeCookie(config, name, '', { maxAgeSeconds: 0, path });
}
