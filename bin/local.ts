import { parseEmbeddedSettings } from '../lambdas/env';
import { startEmbeddedRuntime } from '../local/embedded-runtime';

/** `npm start`: the whole product on this machine, data kept under DATA_DIR across restarts. */
const settings = parseEmbeddedSettings(process.env);
const runtime = await startEmbeddedRuntime({
  port: settings.PORT,
  dataDirectory: settings.DATA_DIR,
  logLevel: settings.LOG_LEVEL,
  ...(settings.WEB_ROOT ? { webRoot: settings.WEB_ROOT } : {}),
  ...(settings.SAMPLE_IMAGE_URL ? { sampleImageUrl: settings.SAMPLE_IMAGE_URL } : {}),
  billing: {
    ...(settings.STRIPE_SECRET_KEY ? { stripeSecretKey: settings.STRIPE_SECRET_KEY } : {}),
    ...(settings.STRIPE_WEBHOOK_SECRET ? { stripeWebhookSecret: settings.STRIPE_WEBHOOK_SECRET } : {}),
    ...(settings.LOCAL_BILLING_PERIOD_SECONDS
      ? { localPeriodSeconds: settings.LOCAL_BILLING_PERIOD_SECONDS }
      : {}),
  },
});
console.log(`Loreweaver is running at ${runtime.url} (data in ${settings.DATA_DIR}). Press Ctrl-C to stop.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping Loreweaver…');
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
