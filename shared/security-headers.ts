/**
 * The security headers of every response, defined once: CloudFront's response headers policy
 * (`lib/constructs/site-distribution.ts`) and the embedded runtime (`local/embedded-runtime.ts`) both read
 * them, so a page cannot be allowed something on localhost that it is refused in AWS, or the reverse.
 */

/**
 * What the page may load. Stripe Elements needs its script and frames (js.stripe.com, hooks.stripe.com for
 * 3-D Secure), its API and its images; MUI's emotion styles are injected at run time, hence
 * 'unsafe-inline' for styles only. Everything else comes from the app's own origin.
 */
const CONTENT_SECURITY_POLICY_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "font-src 'self' data:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

export const CONTENT_SECURITY_POLICY = [
  ...CONTENT_SECURITY_POLICY_DIRECTIVES,
  UPGRADE_INSECURE_REQUESTS,
].join('; ');

/** Two years, subdomains included: what HSTS preload lists ask for. */
export const STRICT_TRANSPORT_SECURITY_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The page is never framed, by anyone (also `frame-ancestors 'none'` above, for browsers that read only one). */
export const FRAME_OPTION = 'DENY';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The headers as the server sends them. Over HTTPS (CloudFront) they are the full set; over plain HTTP (the
 * embedded runtime on localhost or a LAN address) browsers ignore HSTS, and the CSP leaves out
 * `upgrade-insecure-requests`, which would move every request to an HTTPS port nobody serves there.
 */
export function securityHeaders(scheme: 'https' | 'http'): Record<string, string> {
  const overHttps = scheme === 'https';
  return {
    'content-security-policy': overHttps
      ? CONTENT_SECURITY_POLICY
      : CONTENT_SECURITY_POLICY_DIRECTIVES.join('; '),
    ...(overHttps
      ? {
          'strict-transport-security': `max-age=${STRICT_TRANSPORT_SECURITY_MAX_AGE_SECONDS}; includeSubDomains`,
        }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTION,
    'referrer-policy': REFERRER_POLICY,
  };
}
