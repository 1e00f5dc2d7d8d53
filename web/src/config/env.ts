import * as z from 'zod';

/**
 * The web app's build-time settings, read once here (nothing else reads `import.meta.env`):
 * - `VITE_STRIPE_PUBLISHABLE_KEY`: card entry through Stripe Elements; unset, the local card form of the
 *   embedded runtime's payment provider;
 * - `VITE_SUPPORT_EMAIL`: the support mailbox alerts link to; unset, `support@` the app's own host.
 */
const WebEnvSchema = z.object({
  VITE_STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_…)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VITE_SUPPORT_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const parsed = WebEnvSchema.parse({
  VITE_STRIPE_PUBLISHABLE_KEY: import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as unknown,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL as unknown,
});

export const webEnv = {
  stripePublishableKey: parsed.VITE_STRIPE_PUBLISHABLE_KEY,
  supportEmail: parsed.VITE_SUPPORT_EMAIL ?? `support@${window.location.hostname}`,
};
