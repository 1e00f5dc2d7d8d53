import { describe, expect, it } from 'vitest';
import type { NewAssociation } from '../../../shared/schemas/associations';
import {
  createAssociations,
  deleteAssociations,
  listAssociations,
} from '../../../lambdas/domain/associations/associations';
import { createStory } from '../../../lambdas/domain/stories/create-story';
import { NotFoundError, SubscriptionRequiredError } from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';
import { TEST_NOW } from '../../helpers/ports';

const AUTHOR = 'author-1';

const draft = (name: string): NewAssociation => ({
  association_name: name,
  association_type: 'character',
  aliases: '',
  case_sensitive: false,
  short_description: '',
  details: { extended_description: '' },
});

const nowSeconds = TEST_NOW.getTime() / 1000;
/** A paid period running a day past the test clock. */
const PAID_UNTIL = String(nowSeconds + 24 * 60 * 60);

async function storyOf(subscriptionId: string, expiresAt = subscriptionId ? PAID_UNTIL : '') {
  const memory = createMemoryPorts();
  memory.state.users.set(AUTHOR, {
    customer_id: subscriptionId ? 'cus_1' : '',
    subscription_id: subscriptionId,
    renewing: true,
    expired: false,
    expires_at: expiresAt,
  });
  const story = await createStory(memory.ports, AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  return { ...memory, scope: { userId: AUTHOR, storyId: story.story_id } };
}

describe('association limit, on in-memory repositories', () => {
  it('lets a free account hold 5 associations per story and refuses the 6th', async () => {
    const { ports, scope } = await storyOf('');
    await createAssociations(ports, scope, ['A', 'B', 'C', 'D', 'E'].map(draft));

    await expect(createAssociations(ports, scope, [draft('F')])).rejects.toBeInstanceOf(
      SubscriptionRequiredError,
    );

    expect(await listAssociations(ports, scope)).toHaveLength(5);
  });

  it('counts deleted associations out, so a free account can add again', async () => {
    const { ports, scope } = await storyOf('');
    const created = await createAssociations(ports, scope, ['A', 'B', 'C', 'D', 'E'].map(draft));

    await deleteAssociations(ports, scope, [created[0]!.association_id]);
    await createAssociations(ports, scope, [draft('F')]);

    const names = (await listAssociations(ports, scope)).map((item) => item.association_name);
    expect(names.sort()).toEqual(['B', 'C', 'D', 'E', 'F']);
  });

  it('puts no limit on a subscriber', async () => {
    const { ports, scope } = await storyOf('sub_1');

    await createAssociations(ports, scope, ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map(draft));

    expect(await listAssociations(ports, scope)).toHaveLength(7);
  });

  it('limits a subscriber whose paid period has ended like a free account, keeping what they made', async () => {
    const { ports, scope, state } = await storyOf('sub_1');
    await createAssociations(ports, scope, ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map(draft));
    state.users.set(AUTHOR, { ...state.users.get(AUTHOR)!, expires_at: String(nowSeconds - 1) });

    await expect(createAssociations(ports, scope, [draft('H')])).rejects.toBeInstanceOf(
      SubscriptionRequiredError,
    );
    await expect(
      createAssociations(ports, scope, ['H', 'I', 'J', 'K', 'L', 'M'].map(draft)),
    ).rejects.toBeInstanceOf(SubscriptionRequiredError);
    expect(await listAssociations(ports, scope)).toHaveLength(7);
  });

  it("answers 404 on another author's story", async () => {
    const { ports, scope } = await storyOf('sub_1');

    await expect(
      createAssociations(ports, { ...scope, userId: 'intruder' }, [draft('A')]),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
