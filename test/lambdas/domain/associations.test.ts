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

const AUTHOR = 'author-1';

const draft = (name: string): NewAssociation => ({
  association_name: name,
  association_type: 'character',
  aliases: '',
  case_sensitive: false,
  short_description: '',
  details: { extended_description: '' },
});

async function storyOf(subscriptionId: string) {
  const memory = createMemoryPorts();
  memory.state.users.set(AUTHOR, {
    customer_id: '',
    subscription_id: subscriptionId,
    renewing: false,
    expired: false,
    expires_at: '',
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

  it("answers 404 on another author's story", async () => {
    const { ports, scope } = await storyOf('sub_1');

    await expect(
      createAssociations(ports, { ...scope, userId: 'intruder' }, [draft('A')]),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
