import { signOut } from '../../domain/auth/sign-in';
import { clearCookie, sessionCookieName } from '../../middleware/cookies';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';

/** DELETE /auth/logout: revokes the session on the server, then clears the cookie. */
export const handler = httpRoute({
  auth: 'optional',
  async handle({ sessionId, ports }) {
    if (sessionId) await signOut(ports, sessionId);
    return noContent({ cookies: [clearCookie(ports.config, sessionCookieName(ports.config))] });
  },
});
