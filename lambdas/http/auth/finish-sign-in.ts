import { finishSignIn } from '../../domain/auth/sign-in';
import {
  clearCookie,
  SIGN_IN_STATE_COOKIE,
  serializeCookie,
  sessionCookieName,
} from '../../middleware/cookies';
import { httpRoute } from '../../middleware/http-route';
import { redirect } from '../../middleware/responses';
import { callbackPath, SignInCallbackQuerySchema, SignInParamsSchema } from './sign-in-schemas';

/** Where a signed-in author lands. */
const AFTER_SIGN_IN_PATH = '/stories';

/** GET /auth/{provider}/callback: finishes the flow, finds or creates the user and opens a session. */
export const handler = httpRoute({
  auth: 'none',
  params: SignInParamsSchema,
  query: SignInCallbackQuerySchema,
  async handle({ params, query, cookies, ports, event }) {
    const clearState = clearCookie(ports.config, SIGN_IN_STATE_COOKIE, '/auth');
    if ('error' in query) {
      return redirect(`/signin?error=${encodeURIComponent(query.error)}`, { cookies: [clearState] });
    }
    const redirectUri = new URL(callbackPath(params.provider), ports.config.APP_ORIGIN).href;
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = event.rawQueryString;
    const { sessionId } = await finishSignIn(ports, {
      provider: params.provider,
      state: query.state,
      browserState: cookies[SIGN_IN_STATE_COOKIE],
      callbackUrl,
      redirectUri,
    });
    const sessionCookie = serializeCookie(ports.config, sessionCookieName(ports.config), sessionId, {
      maxAgeSeconds: ports.config.SESSION_TTL_SECONDS,
    });
    return redirect(AFTER_SIGN_IN_PATH, { cookies: [sessionCookie, clearState] });
  },
});
