/**
 * The security headers of every response, defined once: CloudFront's response headers policy
 * (`lib/constructs/site-distribution.ts`) and the embedded runtime (`local/embedded-runtime.ts`) both read
 * them, so a page cannot be allowed something on localhost that it is refused in AWS, or the reverse.
 */

/**
 * What the page may load. Stripe Elements needs its script and frames (js.stripe.com, hooks.stripe.com for
 * 3-D Secure), its API and its images; MUI's emotion styles are injected at run time, hence
 * 'unsafe-inline' for styles only. A manuscript is sent straight to the uploads bucket (issue 14 §1), so
 * that one bucket's origin may be connected to. Everything else comes from the app's own origin.
 */
function contentSecurityPolicyDirectives(uploadsOrigin: string | undefined): string[] {
  return [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "font-src 'self' data:",
    `connect-src 'self' https://api.stripe.com${uploadsOrigin ? ` ${uploadsOrigin}` : ''}`,
    'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
}

const UPGRADE_INSECURE_REQUESTS = 'upgrade-insecure-requests';

/** The policy as CloudFront sends it, `uploadsOrigin` being the uploads bucket's (`https://<bucket host>`). */
export function contentSecurityPolicy(uploadsOrigin?: string): string {
  return [...contentSecurityPolicyDirectives(uploadsOrigin), UPGRADE_INSECURE_REQUESTS].join('; ');
}

/** Two years, subdomains included: what HSTS preload lists ask for. */
export const STRICT_TRANSPORT_SECURITY_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

/** The page is never framed, by anyone (also `frame-ancestors 'none'` above, for browsers that read only one). */
export const FRAME_OPTION = 'DENY';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The headers as the server sends them. Over HTTPS (CloudFront) they are the full set; over plain HTTP (the
 * embedded runtime on localhost or a LAN address) browsers ignore HSTS, and the CSP leaves out
 * `upgrade-insecure-requests`, which would move every request to an HTTPS port nobody serves there.
 * `uploadsOrigin`: where the browser sends manuscripts (the uploads bucket, or the local S3 stand-in).
 */
export function securityHeaders(scheme: 'https' | 'http', uploadsOrigin?: string): Record<string, string> {
  const overHttps = scheme === 'https';
  return {
    'content-security-policy': overHttps
      ? contentSecurityPolicy(uploadsOrigin)
      : contentSecurityPolicyDirectives(uploadsOrigin).join('; '),
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
