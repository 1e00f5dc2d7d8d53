/**
 * The URL prefixes of everything that is not the web app, defined once: every route of the route table lies
 * under one of the API's (the API stack refuses one that does not), CloudFront forwards each to its origin,
 * and the embedded server dispatches on them.
 */
export const API_PREFIX = '/api';
export const AUTH_PREFIX = '/auth';
export const BILLING_PREFIX = '/billing';
/** Stored images (object keys start with `images/`), served from the images bucket. */
export const IMAGES_PREFIX = '/images';

/** Prefixes handled by the API's Lambdas. */
export const API_PATH_PREFIXES = [API_PREFIX, AUTH_PREFIX, BILLING_PREFIX] as const;

/** Whether a request path belongs to the API rather than the web app. */
export const isApiPath = (pathname: string) =>
  API_PATH_PREFIXES.some((prefix) => pathname.startsWith(`${prefix}/`));
