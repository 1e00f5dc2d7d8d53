import { SessionRepository } from '../../domain/auth/session-repository';
import { SignInFlowRepository } from '../../domain/auth/sign-in-flow-repository';
import { UserRepository } from '../../domain/users/user-repository';
import { ValidationError } from '../../errors';
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
    if (cookies[SIGN_IN_STATE_COOKIE] !== query.state) {
      throw new ValidationError('This sign-in link does not belong to this browser. Please sign in again.');
    }
    const flow = await new SignInFlowRepository(ports.database).consume(query.state, ports.now());
    if (!flow || flow.provider !== params.provider) {
      throw new ValidationError('This sign-in has expired or was already used. Please sign in again.');
    }

    const redirectUri = new URL(callbackPath(params.provider), ports.config.APP_ORIGIN).href;
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = event.rawQueryString;
    const identity = await ports.identity.finishSignIn(callbackUrl, {
      state: query.state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      redirectUri,
    });

    const now = ports.now();
    const userId = await new UserRepository(ports.database).findOrCreateByIdentity(identity, now);
    const ttlSeconds = ports.config.SESSION_TTL_SECONDS;
    const { sessionId } = await new SessionRepository(ports.database).create(userId, now, ttlSeconds);
    const sessionCookie = serializeCookie(ports.config, sessionCookieName(ports.config), sessionId, {
      maxAgeSeconds: ttlSeconds,
    });
    return redirect(AFTER_SIGN_IN_PATH, { cookies: [sessionCookie, clearState] });
  },
});
