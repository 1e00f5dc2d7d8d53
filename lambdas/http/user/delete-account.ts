import { DeleteAccountRequestSchema, type DeleteAccountResponseSchema } from '../../../shared/schemas/user';
import type { z } from 'zod';
import { requestAccountDeletion } from '../../domain/users/delete-account';
import { billingPortsOf } from '../../ports';
import { clearCookie, sessionCookieName } from '../../middleware/cookies';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';

/**
 * POST /api/user/delete {email}: deletes the account once the typed email is the account's (else 400). Answers
 * 202 (the purge runs in a worker) and clears this browser's session cookie; every other session is revoked.
 */
export const handler = httpRoute({
  auth: 'required',
  body: DeleteAccountRequestSchema,
  async handle({ body, userId, ports }) {
    await requestAccountDeletion(ports, billingPortsOf(ports), userId, body.email);
    return json(202, { status: 'deleting' } satisfies z.infer<typeof DeleteAccountResponseSchema>, {
      cookies: [clearCookie(ports.config, sessionCookieName(ports.config))],
    });
  },
});
