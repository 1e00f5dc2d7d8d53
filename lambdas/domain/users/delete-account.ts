import { isSubscriber } from '../../../shared/subscription';
import { ACCOUNT_EMAIL_MISMATCH_MESSAGE, isAccountEmail } from '../../../shared/schemas/user';
import { UnauthenticatedError, ValidationError } from '../../errors';
import { describeError } from '../../logger';
import type { DomainPorts } from '../ports';
import { NoSubscriptionError } from '../billing/billing-port';
import type { BillingPorts } from '../billing/billing-state';
import { currentBillingState, setRenewing } from '../billing/subscription';
import { userDownloadPrefix } from '../download-all/download-location';
import { seriesImagePrefix } from '../images/stored-images';
import { purgeStoryContent } from '../stories/delete-story';
import { purgeTrashOf } from '../trash/trash';

/** The ports these operations use. */
export type DeleteAccountPorts = Pick<DomainPorts, 'repositories' | 'blobs' | 'queue' | 'logger' | 'now'>;

/**
 * POST /api/user/delete: the author typed the account's email. In the request, in this order: renewal stops
 * (a provider that cannot be reached fails the request before anything is deleted, so nobody is charged for an
 * account that is gone), the account is marked deleted (nothing signs in to it again: the same identity gets a
 * fresh account), every session is revoked, and the purge is queued.
 */
export async function requestAccountDeletion(
  ports: DeleteAccountPorts,
  billingPorts: BillingPorts,
  userId: string,
  typedEmail: string,
): Promise<void> {
  const { repositories } = ports;
  const user = await repositories.users.get(userId);
  if (!user) throw new UnauthenticatedError();
  if (!isAccountEmail(typedEmail, user.email)) throw new ValidationError(ACCOUNT_EMAIL_MISMATCH_MESSAGE);
  await stopRenewal(billingPorts, userId);
  await repositories.users.markDeleted(userId, ports.now());
  await repositories.sessions.revokeAllOf(userId);
  await purgeAccountSoon(ports, userId);
}

/** Cancels the subscription at the end of its paid period, through the payment provider. */
async function stopRenewal(billingPorts: BillingPorts, userId: string): Promise<void> {
  const state = await currentBillingState(billingPorts, userId);
  // Without a customer at the provider there is nobody to charge.
  if (!isSubscriber(state) || !state.renewing || state.customer_id === '') return;
  try {
    await setRenewing(billingPorts, userId, false);
  } catch (error) {
    // The subscription ended meanwhile: nothing renews.
    if (!(error instanceof NoSubscriptionError)) throw error;
  }
}

/** The purge in the account-deletion worker; should the queue refuse the message, here. */
async function purgeAccountSoon(ports: DeleteAccountPorts, userId: string): Promise<void> {
  try {
    await ports.queue.send('accountDeletion', { user_id: userId });
  } catch (error) {
    ports.logger.error('account deletion could not be queued; deleting inline', describeError(error));
    await purgeAccount(ports, userId);
  }
}

/**
 * Everything of a deleted account, found from the author's partition and the ids it lists (never a scan):
 * the trash, each story (chapters, paragraphs, versions, associations, images, exports), each series' shared
 * associations and images, the memberships of stories shared with them, the downloads, the payment customer's
 * lookup, the identity links, and last the
 * partition itself (profile, story and series items, daily words, listings). Each step removes what it found
 * before the item naming it, so a retry after a partial run finishes the job. A live account is left alone.
 */
export async function purgeAccount(ports: DeleteAccountPorts, userId: string): Promise<{ purged: boolean }> {
  const { repositories } = ports;
  if (await repositories.users.get(userId)) {
    ports.logger.warn('account deletion skipped: the account is not marked deleted', { userId });
    return { purged: false };
  }
  await repositories.sessions.revokeAllOf(userId);
  await purgeTrashOf(ports, userId);
  for (const story of await repositories.stories.listOwned(userId)) {
    await purgeStoryContent(ports, story.story_id);
  }
  for (const series of await repositories.series.listOwned(userId)) {
    const shared = await repositories.associations.listShared(series.series_id);
    if (shared.length > 0) {
      await repositories.commit(repositories.associations.deleteSharedItems(series.series_id, shared));
    }
    await ports.blobs.deletePrefix('images', seriesImagePrefix(series.series_id));
  }
  // Their place in others' shared stories (issue 24): the memberships go, the comments stay the author's.
  const joined = await repositories.shares.listJoined(userId);
  await repositories.shares.deleteMembers(
    joined.map((story) => ({ story_id: story.story_id, user_id: userId })),
  );
  await ports.blobs.deletePrefix('exports', userDownloadPrefix(userId));
  const billing = await repositories.billingState.get(userId);
  if (billing?.customer_id) await repositories.billingState.forgetCustomer(billing.customer_id, userId);
  await repositories.users.deleteIdentityLinks(userId);
  await repositories.users.deletePartition(userId);
  return { purged: true };
}
