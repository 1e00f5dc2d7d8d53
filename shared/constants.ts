/**
 * Product-wide constants shared by the web app and the Lambdas. This folder must stay free of React,
 * Node-only and AWS imports so the same values hold in the browser and on the server.
 */

export const PRODUCT_NAME = 'Loreweaver';

/** Spec §9: a toast alert hides itself after 10 s unless the caller gives another timeout. */
export const DEFAULT_ALERT_TIMEOUT_MS = 10_000;

/** Spec §9: an alert's content is cleared this long after it closes, so the closing animation keeps its text. */
export const ALERT_RESET_DELAY_MS = 500;
