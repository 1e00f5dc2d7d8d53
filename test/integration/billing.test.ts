import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { CustomerResponse, PaymentMethod, Product } from '../../shared/schemas/billing';
import type { Story } from '../../shared/schemas/story';
import type { User } from '../../shared/schemas/user';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm } from '../helpers/images';

/** A short period, with a clock the test moves, so renewal and expiry happen within the test. */
const PERIOD_SECONDS = 3_600;

describe('billing on the embedded runtime with the local payment provider', () => {
  let runtime: EmbeddedRuntime;
  // Ahead of the real clock: DynamoDB Local sweeps items whose TTL has passed by the real clock, and a
  // sign-in's short-lived items stamped in the past could be swept mid-way.
  const clock = { now: new Date('2027-11-23T10:00:00Z') };
  const advanceBy = (seconds: number) => {
    clock.now = new Date(clock.now.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    runtime = await startTestRuntime({
      billing: { localPeriodSeconds: PERIOD_SECONDS },
      now: () => clock.now,
    });
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const expectJson = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };

  const tokenize = async (browser: TestBrowser, number: string) =>
    expectJson<PaymentMethod>(
      await browser.sendJson('POST', '/billing/local/payment-methods', {
        number,
        expiration_month: 12,
        expiration_year: 2040,
        cvc: '123',
      }),
      201,
    );

  const getUser = async (browser: TestBrowser) => expectJson<User>(await browser.fetch('/api/user'));

  /** Every step of the subscribe page: card, customer, default card, product, subscription. */
  const subscribe = async (browser: TestBrowser, number = '4242 4242 4242 4242') => {
    const card = await tokenize(browser, number);
    const customer = await expectJson<CustomerResponse>(await browser.sendJson('POST', '/billing/customer'));
    const [product] = await expectJson<Product[]>(await browser.fetch('/billing/products'));
    return browser.sendJson('POST', '/billing/subscribe', {
      payment_method_id: card.id,
      customer_id: customer.id,
      price_id: product!.price_id,
    });
  };

  const createStory = async (browser: TestBrowser) => {
    const response = await browser.fetch('/api/stories', {
      method: 'POST',
      body: multipartForm({ title: 'A saga', description: 'Heroes, many of them.' }),
    });
    return (await expectJson<Story>(response, 201)).story_id;
  };

  const createAssociations = (browser: TestBrowser, storyId: string, names: string[]) =>
    browser.sendJson(
      'POST',
      `/api/stories/${storyId}/associations`,
      names.map((association_name) => ({ association_name, association_type: 'character' })),
    );

  it('subscribes with 4242…, toggles renewal, and expires at the period end, refusing premium again', async () => {
    const author = await signIn(runtime, 'subscriber@example.com', 'Subscriber');
    const storyId = await createStory(author);
    expect((await createAssociations(author, storyId, ['A', 'B', 'C', 'D', 'E', 'F'])).status).toBe(401);

    const subscribed = await expectJson<{ subscription_id: string; period_end: string }>(
      await subscribe(author),
    );
    const periodEnd = Math.floor(clock.now.getTime() / 1000) + PERIOD_SECONDS;
    expect(subscribed).toEqual({
      subscription_id: expect.stringMatching(/^sub_/),
      period_end: String(periodEnd),
    });
    expect(await getUser(author)).toMatchObject({
      customer_id: expect.stringMatching(/^cus_/),
      subscription_id: subscribed.subscription_id,
      renewing: true,
      expired: false,
      expires_at: String(periodEnd),
    });
    expect((await createAssociations(author, storyId, ['A', 'B', 'C', 'D', 'E', 'F'])).status).toBe(201);

    const payment = await expectJson<Omit<PaymentMethod, 'is_default'>>(
      await author.fetch('/billing/customer/payment'),
    );
    expect(payment).toMatchObject({ brand: 'visa', last_four: '4242', expiration_month: 12 });

    // A second subscription is refused with the spec's message.
    const again = await expectJson<{ message: string }>(await subscribe(author), 409);
    expect(again.message).toBe(
      'You appear to already have an active subscription. Please contact support if this is an error.',
    );

    const off = await expectJson<User>(await author.sendJson('PUT', '/api/user', { renewing: false }));
    expect(off).toMatchObject({ renewing: false, expired: false, name: 'Subscriber' });
    const on = await expectJson<User>(await author.sendJson('PUT', '/api/user', { renewing: true }));
    expect(on.renewing).toBe(true);

    // Renewing: the next period is charged when the first ends.
    advanceBy(PERIOD_SECONDS + 60);
    expect(await getUser(author)).toMatchObject({
      expired: false,
      renewing: true,
      expires_at: String(periodEnd + PERIOD_SECONDS),
    });

    // Not renewing: the subscription ends with its period and premium is refused again.
    await expectJson<User>(await author.sendJson('PUT', '/api/user', { renewing: false }));
    advanceBy(PERIOD_SECONDS);
    expect(await getUser(author)).toMatchObject({ subscription_id: '', renewing: false, expired: true });
    expect((await createAssociations(author, storyId, ['G'])).status).toBe(401);
    // What was made while subscribed stays readable and editable.
    expect((await author.fetch(`/api/stories/${storyId}/associations/thumbs`)).status).toBe(200);

    // Renewal asked of an ended subscription: the spec's 303 to /subscribe.
    const renew = await author.sendJson('PUT', '/api/user', { renewing: true });
    expect(renew.status).toBe(303);
    expect(renew.headers.get('location')).toBe('/subscribe');
  });

  it('refuses a declined card with the provider’s message and leaves the author free', async () => {
    const author = await signIn(runtime, 'declined@example.com', 'Declined');
    const customer = await expectJson<CustomerResponse>(await author.sendJson('POST', '/billing/customer'));
    const card = await tokenize(author, '4000 0000 0000 0002');

    const update = await expectJson<{ message: string }>(
      await author.sendJson('PUT', '/billing/customer', {
        customer_id: customer.id,
        payment_method_id: card.id,
      }),
      402,
    );

    expect(update.message).toBe('Your card was declined.');
    expect((await subscribe(author, '4000 0000 0000 0002')).status).toBe(402);
    expect(await getUser(author)).toMatchObject({ subscription_id: '', expired: false });
  });

  it('replaces the card and keeps billing identities to their owner', async () => {
    const author = await signIn(runtime, 'replacer@example.com', 'Replacer');
    const other = await signIn(runtime, 'other@example.com', 'Other');
    expect((await author.fetch('/billing/customer/payment')).status).toBe(404);
    const customer = await expectJson<CustomerResponse>(await author.sendJson('POST', '/billing/customer'));
    expect(await expectJson<CustomerResponse>(await author.sendJson('POST', '/billing/customer'))).toEqual(
      customer,
    );
    const first = await tokenize(author, '4242424242424242');
    const second = await tokenize(author, '5555 5555 5555 4444');
    for (const card of [first, second]) {
      await expectJson(
        await author.sendJson('PUT', '/billing/customer', {
          customer_id: customer.id,
          payment_method_id: card.id,
        }),
      );
    }
    expect(await expectJson<PaymentMethod>(await author.fetch('/billing/customer/payment'))).toMatchObject({
      id: second.id,
      brand: 'mastercard',
      last_four: '4444',
    });

    await expectJson<CustomerResponse>(await other.sendJson('POST', '/billing/customer'));
    const foreign = await other.sendJson('PUT', '/billing/customer', {
      customer_id: customer.id,
      payment_method_id: first.id,
    });
    expect(foreign.status).toBe(403);
    const [product] = await expectJson<Product[]>(await other.fetch('/billing/products'));
    const foreignSubscribe = await other.sendJson('POST', '/billing/subscribe', {
      customer_id: customer.id,
      payment_method_id: first.id,
      price_id: product!.price_id,
    });
    expect(foreignSubscribe.status).toBe(403);
  });

  it('answers 400 for malformed billing requests and 401 when signed out', async () => {
    const author = await signIn(runtime, 'malformed@example.com', 'Malformed');
    expect((await author.sendJson('PUT', '/billing/customer', { customer_id: 'x' })).status).toBe(400);
    expect((await author.sendJson('POST', '/billing/subscribe', [])).status).toBe(400);
    expect((await author.sendJson('PUT', '/api/user', { renewing: 'yes' })).status).toBe(400);
    const wrongCard = await author.sendJson('POST', '/billing/local/payment-methods', {
      number: '1234 5678 9012 3456',
      expiration_month: 12,
      expiration_year: 2040,
      cvc: '123',
    });
    expect(wrongCard.status).toBe(402);
    expect(((await wrongCard.json()) as { message: string }).message).toBe('Your card number is incorrect.');

    const anonymous = new (author.constructor as new (url: string) => TestBrowser)(runtime.url);
    expect((await anonymous.sendJson('POST', '/billing/customer')).status).toBe(401);
    expect((await anonymous.fetch('/billing/products')).status).toBe(401);
  });

  it('refuses webhook deliveries the local provider never signs, without a session or origin', async () => {
    const response = await fetch(new URL('/billing/webhook', runtime.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      body: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_signature');
  });
});
