/** The toast alert of spec §3 ("Alert"), as callers describe it. */

export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';

/** An in-app action offered by the alert: 'subscribe' leads to /subscribe, 'renew' to /settings. */
export interface AlertCallback {
  type: 'subscribe' | 'renew';
  text: string;
}

/** A plain link to another address, e.g. an exported document or a support mailbox. */
export interface AlertLink {
  url: string;
  text: string;
  /**
   * A file to save (the server answers it as an attachment): the link downloads where it is, where a new tab
   * would leave a phone on a blank page, and names itself a download to the browser.
   */
  download?: boolean;
}

/** An action on the page itself, e.g. Undo after a deletion; the toast closes as it runs. */
export interface AlertAction {
  text: string;
  onAction: () => void;
}

export interface AlertOptions {
  title: string;
  /** Line breaks are kept as written. */
  message: string;
  severity: AlertSeverity;
  /** Milliseconds before the alert hides itself: 10 s when left out; `null` keeps it until dismissed. */
  timeout?: number | null;
  callback?: AlertCallback;
  link?: AlertLink;
  action?: AlertAction;
}
