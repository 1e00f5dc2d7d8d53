import * as z from 'zod';
import { signInProviders } from '../../adapters/oidc/provider-names';

export const SignInParamsSchema = z.object({
  provider: z.enum(signInProviders as ['google', 'amazon', 'microsoftonline'], {
    error: 'Unknown sign-in provider.',
  }),
});

export const SignInCallbackQuerySchema = z.union([
  z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(512) }),
  /** The provider's refusal (for example the author pressed Cancel). */
  z.object({ error: z.string().min(1).max(256), state: z.string().max(512).optional() }),
]);

export const callbackPath = (provider: string) => `/auth/${provider}/callback`;
