import { SIGN_IN_FLOW_TTL_SECONDS, startSignIn } from '../../domain/auth/sign-in';
import { SIGN_IN_STATE_COOKIE, serializeCookie } from '../../middleware/cookies';
import { httpRoute } from '../../middleware/http-route';
import { redirect } from '../../middleware/responses';
import { callbackPath, SignInParamsSchema } from './sign-in-schemas';

/** GET /auth/{provider}: begins the authorization-code flow and sends the browser to the issuer. */
export const handler = httpRoute({
  auth: 'none',
  params: SignInParamsSchema,
  async handle({ params, ports }) {
    const redirectUri = new URL(callbackPath(params.provider), ports.config.APP_ORIGIN).href;
    const { authorizationUrl, state } = await startSignIn(ports, params.provider, redirectUri);
    // Binds the flow to this browser: a callback carrying someone else's state is refused.
    const stateCookie = serializeCookie(ports.config, SIGN_IN_STATE_COOKIE, state, {
      maxAgeSeconds: SIGN_IN_FLOW_TTL_SECONDS,
      path: '/auth',
    });
    return redirect(authorizationUrl, { cookies: [stateCookie] });
  },
});
