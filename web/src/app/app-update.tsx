import { useEffect } from 'react';
import { Workbox } from 'workbox-window';
import type { AlertOptions } from '../components/alerts/alert-types';
import { useAlerts } from '../components/alerts/alerts-context';

/** Where the build puts the service worker (`web/service-worker/`). */
const SERVICE_WORKER_URL = '/service-worker.js';
/** An open page looks for a new version this often, and whenever it is shown again. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Issue 26 §1: 'A new version is ready — Reload'. Unsent changes are in the browser's store: a reload sends them. */
export function appUpdateAlert(reload: () => void): AlertOptions {
  return {
    title: 'A new version is ready',
    message: 'Reload to use it. Nothing you typed is lost.',
    severity: 'info',
    timeout: null,
    action: { text: 'Reload', onAction: reload },
  };
}

/**
 * Registers the service worker that lets the app open offline (production builds only: the development server
 * serves modules, not a build to precache) and offers the author a reload when a new version is waiting; the
 * new version takes over only then, so a page never runs half old, half new.
 */
export function AppUpdates() {
  const { showAlert } = useAlerts();

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const workbox = new Workbox(SERVICE_WORKER_URL);
    const reload = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    const offerReload = () => showAlert(appUpdateAlert(reload));
    workbox.addEventListener('waiting', offerReload);
    workbox
      .register()
      .catch((error: unknown) => console.warn('The app could not be made available offline.', error));
    const lookForUpdate = () => {
      if (document.visibilityState === 'visible') void workbox.update().catch(() => undefined);
    };
    document.addEventListener('visibilitychange', lookForUpdate);
    const timer = window.setInterval(lookForUpdate, UPDATE_CHECK_INTERVAL_MS);
    return () => {
      workbox.removeEventListener('waiting', offerReload);
      document.removeEventListener('visibilitychange', lookForUpdate);
      window.clearInterval(timer);
    };
  }, [showAlert]);

  return null;
}
