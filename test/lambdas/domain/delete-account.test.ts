import { describe, expect, it, vi } from 'vitest';
import { BillingProviderError } from '../../../lambdas/domain/billing/billing-port';
import { purgeAccount, requestAccountDeletion } from '../../../lambdas/domain/users/delete-account';
import { billingPortsOf } from '../../../lambdas/ports';
import { ValidationError } from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';
import { TEST_NOW } from '../../helpers/ports';

const PERIOD_END = Math.floor(TEST_NOW.getTime() / 1000) + 20 * 24 * 60 * 60;

/** A subscriber whose subscription renews, signed in on two devices. */
async function subscriberOnTwoDevices() {
  const memory = createMemoryPorts();
  const { ports, state } = memory;
  const userId = await ports.repositories.users.findOrCreateByIdentity(
    { issuer: 'https://issuer.example', subject: 'author', email: 'Author@Example.com', name: 'Author' },
    TEST_NOW,
  );
  state.users.set(userId, {
    ...state.users.get(userId)!,
    customer_id: 'cus_1',
    subscription_id: 'sub_1',
    renewing: true,
    expires_at: String(PERIOD_END),
  });
  const expiresAt = new Date(TEST_NOW.getTime() + 60_000);
  await ports.repositories.sessions.create('laptop', { userId, expiresAt }, TEST_NOW);
  await ports.repositories.sessions.create('phone', { userId, expiresAt }, TEST_NOW);
  const setRenewing = vi.spyOn(ports.billing.billing, 'setRenewing').mockResolvedValue({
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    renewing: false,
    periodEnd: PERIOD_END,
  });
  return { ...memory, userId, setRenewing };
}

describe('requestAccountDeletion', () => {
  it('stops renewal through the Billing port, signs out everywhere, marks the account deleted and queues the purge', async () => {
    const { ports, state, queue, userId, setRenewing } = await subscriberOnTwoDevices();

    await requestAccountDeletion(ports, billingPortsOf(ports), userId, '  author@EXAMPLE.com ');

    expect(setRenewing).toHaveBeenCalledWith('cus_1', 'sub_1', false);
    expect(state.users.get(userId)).toMatchObject({ renewing: false });
    expect(await ports.repositories.users.get(userId)).toBeUndefined();
    expect(await ports.repositories.sessions.find('laptop', TEST_NOW)).toBeUndefined();
    expect(await ports.repositories.sessions.find('phone', TEST_NOW)).toBeUndefined();
    expect(queue.send).toHaveBeenCalledWith('accountDeletion', { user_id: userId });
  });

  it('refuses an email that is not the account’s and changes nothing', async () => {
    const { ports, queue, userId, setRenewing } = await subscriberOnTwoDevices();

    const refused = requestAccountDeletion(ports, billingPortsOf(ports), userId, 'someone@example.com');

    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    expect(setRenewing).not.toHaveBeenCalled();
    expect(await ports.repositories.users.get(userId)).toBeDefined();
    expect(await ports.repositories.sessions.find('phone', TEST_NOW)).toBeDefined();
    expect(queue.send).not.toHaveBeenCalled();
  });

  it('deletes nothing while the payment provider cannot stop the renewal', async () => {
    const { ports, queue, userId, setRenewing } = await subscriberOnTwoDevices();
    setRenewing.mockRejectedValue(new BillingProviderError());

    const failed = requestAccountDeletion(ports, billingPortsOf(ports), userId, 'author@example.com');

    await expect(failed).rejects.toBeInstanceOf(BillingProviderError);
    expect(await ports.repositories.users.get(userId)).toBeDefined();
    expect(await ports.repositories.sessions.find('laptop', TEST_NOW)).toBeDefined();
    expect(queue.send).not.toHaveBeenCalled();
  });

  it('asks the provider nothing for a subscription that no longer renews', async () => {
    const { ports, state, userId, setRenewing } = await subscriberOnTwoDevices();
    state.users.set(userId, { ...state.users.get(userId)!, renewing: false });

    await requestAccountDeletion(ports, billingPortsOf(ports), userId, 'author@example.com');

    expect(setRenewing).not.toHaveBeenCalled();
  });

  it('purges in the request when the queue refuses the message', async () => {
    const { ports, state, queue, userId } = await subscriberOnTwoDevices();
    queue.send.mockRejectedValue(new Error('SQS is unavailable'));

    await requestAccountDeletion(ports, billingPortsOf(ports), userId, 'author@example.com');

    expect(state.users.has(userId)).toBe(false);
    expect([...state.identities.values()]).not.toContain(userId);
    expect(state.customers.has('cus_1')).toBe(false);
  });
});

describe('purgeAccount', () => {
  it('leaves an account that is not marked deleted alone', async () => {
    const { ports, state, userId } = await subscriberOnTwoDevices();

    const outcome = await purgeAccount(ports, userId);

    expect(outcome).toEqual({ purged: false });
    expect(state.users.has(userId)).toBe(true);
    expect(await ports.repositories.sessions.find('laptop', TEST_NOW)).toBeDefined();
  });

  it('gives an identity whose account was deleted a fresh account on its next sign-in', async () => {
    const { ports, userId } = await subscriberOnTwoDevices();
    await requestAccountDeletion(ports, billingPortsOf(ports), userId, 'author@example.com');

    const again = await ports.repositories.users.findOrCreateByIdentity(
      { issuer: 'https://issuer.example', subject: 'author', email: 'author@example.com' },
      TEST_NOW,
    );

    expect(again).not.toBe(userId);
    expect(await ports.repositories.users.get(again)).toMatchObject({ customer_id: '', subscription_id: '' });
  });
});
