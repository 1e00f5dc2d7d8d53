import { billingPortsOf } from '../../ports';
import { registerCustomer } from '../../domain/billing/customer';
import { UnauthenticatedError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** POST /billing/customer: the signed-in author's customer and cards, registered on the first call. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ userId, ports }) {
    const user = await ports.repositories.users.get(userId);
    if (!user) throw new UnauthenticatedError();
    const author = {
      userId,
      ...(user.email ? { email: user.email } : {}),
      ...(user.name ? { name: user.name } : {}),
    };
    return ok(await registerCustomer(billingPortsOf(ports), author));
  },
});
