import { LocalCardRequestSchema } from '../../../shared/schemas/billing';
import { NotFoundError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';

/**
 * POST /billing/local/payment-methods {number, expiration_month, expiration_year, cvc}: the local provider's
 * stand-in for Stripe Elements, turning a test card into a payment-method id. 404 when Stripe is the provider.
 */
export const handler = httpRoute({
  auth: 'required',
  body: LocalCardRequestSchema,
  async handle({ body, ports }) {
    const cards = ports.localCards;
    if (!cards) throw new NotFoundError();
    return json(201, cards.tokenizeCard(body));
  },
});
