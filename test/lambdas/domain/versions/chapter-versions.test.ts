import { describe, expect, it } from 'vitest';
import { createAssociations } from '../../../../lambdas/domain/associations/associations';
import { saveBlocks } from '../../../../lambdas/domain/blocks/sync-blocks';
import { createChapter } from '../../../../lambdas/domain/chapters/create-chapter';
import { purgeChapterContent } from '../../../../lambdas/domain/chapters/manage-chapters';
import { purgeStoryContent } from '../../../../lambdas/domain/stories/delete-story';
import { createStory } from '../../../../lambdas/domain/stories/create-story';
import { renameAssociation } from '../../../../lambdas/domain/story-bible/rename-association';
import { replaceInStoryText } from '../../../../lambdas/domain/story-bible/story-search';
import {
  getVersion,
  listVersions,
  restoreVersion,
  saveNamedVersion,
} from '../../../../lambdas/domain/versions/chapter-versions';
import { NotFoundError } from '../../../../lambdas/errors';
import { paragraphChunk } from '../../../helpers/handler-harness';
import { createMemoryBlobStore, createMemoryPorts } from '../../../helpers/memory-ports';
import { TEST_NOW } from '../../../helpers/ports';

const AUTHOR = 'author-1';
const MINUTE = 60_000;

/** A story whose first chapter holds the paragraphs given, on a clock the test moves. */
async function storyWithText(texts: Record<string, string>) {
  const { blobs, objects } = createMemoryBlobStore();
  const memory = createMemoryPorts({ blobs });
  let now = TEST_NOW;
  memory.ports.now = () => now;
  const story = await createStory(memory.ports, AUTHOR, {
    title: 'Story',
    description: '',
    series: { kind: 'standalone' },
  });
  const chapterId = story.chapters![0]!.id;
  // The test's paragraphs only, without the empty one a new chapter starts with.
  memory.state.blocks.delete(chapterId);
  memory.state.blockOrders.delete(chapterId);
  const scope = { userId: AUTHOR, storyId: story.story_id, chapterId };
  const save = (paragraphs: Record<string, string>) =>
    saveBlocks(
      memory.ports,
      AUTHOR,
      story.story_id,
      chapterId,
      Object.entries(paragraphs).map(([keyId, text], place) => ({
        key_id: keyId,
        chunk: paragraphChunk(keyId, text),
        place,
      })),
    );
  await save(texts);
  const stored = () => memory.state.blocks.get(chapterId)!;
  const textOf = (keyId: string) =>
    (JSON.parse(stored().get(keyId)!.chunk) as { children: { text: string }[] }).children[0]!.text;
  const versionBodies = () => [...objects.keys()].filter((key) => key.startsWith('versions/'));
  return {
    ...memory,
    versionBodies,
    scope,
    save,
    stored,
    textOf,
    advance: (minutes: number) => {
      now = new Date(now.getTime() + minutes * MINUTE);
    },
  };
}

describe('versions of a chapter, on in-memory repositories', () => {
  it('saves a named version of the stored chapter and lists it with its words', async () => {
    const { ports, scope } = await storyWithText({ a: 'One two three.', b: 'Four five.' });

    const saved = await saveNamedVersion(ports, scope, 'First draft');
    const listed = await listVersions(ports, scope);

    expect(saved).toMatchObject({ name: 'First draft', kind: 'named', words: 5 });
    expect(listed).toEqual([saved]);
  });

  it('answers a version with its paragraphs in reading order', async () => {
    const { ports, scope } = await storyWithText({ a: 'First.', b: 'Second.' });
    const saved = await saveNamedVersion(ports, scope, 'Draft');

    const version = await getVersion(ports, scope, saved.version_id);

    expect(version).toEqual({
      version_id: saved.version_id,
      name: 'Draft',
      created_at: TEST_NOW.toISOString(),
      kind: 'named',
      blocks: [
        { key_id: 'a', chunk: paragraphChunk('a', 'First.') },
        { key_id: 'b', chunk: paragraphChunk('b', 'Second.') },
      ],
    });
  });

  it('restores a version: the text, the order and the paragraphs come back, with new revisions', async () => {
    const { ports, scope, save, stored, textOf, state, advance } = await storyWithText({
      a: 'Kept.',
      b: 'Original.',
    });
    const saved = await saveNamedVersion(ports, scope, 'Before');
    advance(1);
    await save({ c: 'Added later.', b: 'Rewritten.' });
    state.blocks.get(scope.chapterId)!.delete('a');
    const revisionOfB = stored().get('b')!.revision;

    const content = await restoreVersion(ports, scope, saved.version_id);

    expect(content.items.map((item) => item.key_id.Value)).toEqual(['a', 'b']);
    expect(textOf('a')).toBe('Kept.');
    expect(textOf('b')).toBe('Original.');
    expect(stored().has('c')).toBe(false);
    expect(stored().get('b')!.revision).toBeGreaterThan(revisionOfB);
    expect(state.blockOrders.get(scope.chapterId)!.key_ids).toEqual(['a', 'b']);
  });

  it('keeps the text a restore replaces as an automatic version first', async () => {
    const { ports, scope, save, advance } = await storyWithText({ a: 'Original.' });
    const saved = await saveNamedVersion(ports, scope, 'Before');
    advance(1);
    await save({ a: 'Rewritten text.' });

    await restoreVersion(ports, scope, saved.version_id);
    const [newest] = await listVersions(ports, scope);
    const kept = await getVersion(ports, scope, newest!.version_id);

    expect(newest).toMatchObject({ kind: 'automatic', name: null, words: 2 });
    expect(kept.blocks).toEqual([{ key_id: 'a', chunk: paragraphChunk('a', 'Rewritten text.') }]);
  });

  it('drops no version when a restore keeps the current text in the same hour as an earlier automatic one', async () => {
    const { ports, scope, save, advance } = await storyWithText({ a: 'Morning text.' });
    advance(40);
    await save({ a: 'Edited at 12:40.' });
    const [automatic] = await listVersions(ports, scope);
    advance(10);
    await save({ a: 'Edited again at 12:50.' });
    const before = await listVersions(ports, scope);

    await restoreVersion(ports, scope, automatic!.version_id);
    const after = await listVersions(ports, scope);

    // The 12:40 version and the one keeping the 12:50 text share an hour, which the autosave's thinning
    // would reduce to one: a restore is no autosave.
    expect(before.map((version) => version.version_id)).toEqual([automatic!.version_id]);
    expect(after.map((version) => version.created_at)).toEqual([
      '2026-11-21T12:50:00.000Z',
      '2026-11-21T12:40:00.000Z',
    ]);
  });

  it('takes an automatic version of the chapter as it was before a save 30 minutes after the last', async () => {
    const { ports, scope, save, advance } = await storyWithText({ a: 'Morning text.' });
    const beforeAnyEdit = await listVersions(ports, scope);
    advance(40);
    await save({ a: 'Edited at 12:40.' });
    const afterFirstEdit = await listVersions(ports, scope);
    advance(20);
    await save({ a: 'Edited at 13:00.' });
    const twentyMinutesLater = await listVersions(ports, scope);
    advance(10);
    await save({ a: 'Edited at 13:10.' });

    const versions = await listVersions(ports, scope);
    const newest = await getVersion(ports, scope, versions[0]!.version_id);

    expect(beforeAnyEdit).toEqual([]);
    expect(afterFirstEdit).toHaveLength(1);
    expect(twentyMinutesLater).toHaveLength(1);
    expect(versions.map((version) => version.created_at)).toEqual([
      '2026-11-21T13:10:00.000Z',
      '2026-11-21T12:40:00.000Z',
    ]);
    expect(newest.blocks[0]!.chunk).toBe(paragraphChunk('a', 'Edited at 13:00.'));
  });

  it('takes no automatic version of a chapter unchanged since its latest version', async () => {
    const { ports, scope, save, advance } = await storyWithText({ a: 'Text.' });
    await saveNamedVersion(ports, scope, 'Kept');
    advance(45);

    await save({ a: 'Text changed after a long pause.' });

    expect(await listVersions(ports, scope)).toHaveLength(1);
  });

  it('thins automatic versions when it takes one', async () => {
    const { ports, scope, save, advance, versionBodies } = await storyWithText({ a: 'Version 0.' });
    for (let hour = 1; hour <= 3; hour += 1) {
      advance(hour === 1 ? 30 : 60 * 24 * 2);
      await save({ a: `Version ${hour}.` });
      advance(30);
      await save({ a: `Version ${hour} again.` });
    }

    const versions = await listVersions(ports, scope);

    // Six versions taken (12:30, 13:00, two days later 13:00 and 13:30, two more days later 13:30 and 14:00):
    // the older days keep their newest each, the same hour two days on keeps its newest, the last two stay.
    expect(versions.map((version) => version.kind)).toEqual([
      'automatic',
      'automatic',
      'automatic',
      'automatic',
    ]);
    expect(versionBodies().length).toBe(versions.length);
  });

  it('saves the chapter despite a version that cannot be taken', async () => {
    const { ports, scope, save, textOf, advance } = await storyWithText({ a: 'Before.' });
    advance(31);
    ports.blobs.put = () => Promise.reject(new Error('S3 is down'));

    await save({ a: 'After.' });

    expect(textOf('a')).toBe('After.');
    expect(await listVersions(ports, scope)).toEqual([]);
  });

  it("takes no version of another story's chapter named in a save", async () => {
    const { ports, scope, state, advance } = await storyWithText({ a: 'Theirs.' });
    const mine = await createStory(ports, 'author-2', {
      title: 'Mine',
      description: '',
      series: { kind: 'standalone' },
    });
    advance(31);

    const saving = saveBlocks(ports, 'author-2', mine.story_id, scope.chapterId, [
      { key_id: 'x', chunk: paragraphChunk('x', 'Mine.') },
    ]);

    await expect(saving).rejects.toThrow(NotFoundError);
    expect(state.versions.get(scope.chapterId)?.size ?? 0).toBe(0);
  });

  it("answers 404 for another author's chapter on every call", async () => {
    const { ports, scope } = await storyWithText({ a: 'Mine.' });
    const saved = await saveNamedVersion(ports, scope, 'Mine');
    const stranger = { ...scope, userId: 'author-2' };

    await expect(listVersions(ports, stranger)).rejects.toThrow(NotFoundError);
    await expect(saveNamedVersion(ports, stranger, 'Theirs')).rejects.toThrow(NotFoundError);
    await expect(getVersion(ports, stranger, saved.version_id)).rejects.toThrow(NotFoundError);
    await expect(restoreVersion(ports, stranger, saved.version_id)).rejects.toThrow(NotFoundError);
  });

  it('answers 404 for a version of another chapter', async () => {
    const { ports, scope } = await storyWithText({ a: 'Text.' });
    const saved = await saveNamedVersion(ports, scope, 'Draft');
    const other = await createChapter(ports, AUTHOR, scope.storyId, {});

    await expect(getVersion(ports, { ...scope, chapterId: other.id }, saved.version_id)).rejects.toThrow(
      NotFoundError,
    );
  });

  it('deletes the versions and their bodies with their chapter, when the trash purges it', async () => {
    const { ports, scope, versionBodies, state } = await storyWithText({ a: 'Text.' });
    await createChapter(ports, AUTHOR, scope.storyId, {});
    await saveNamedVersion(ports, scope, 'Draft');

    await purgeChapterContent(ports, scope.storyId, scope.chapterId);

    expect(state.versions.get(scope.chapterId)).toBeUndefined();
    expect(versionBodies().length).toBe(0);
  });

  it('deletes the versions and their bodies with their story', async () => {
    const { ports, scope, versionBodies, state } = await storyWithText({ a: 'Text.' });
    await saveNamedVersion(ports, scope, 'Draft');

    await purgeStoryContent(ports, scope.storyId);

    expect(state.versions.get(scope.chapterId)).toBeUndefined();
    expect(versionBodies().length).toBe(0);
  });

  it('renaming everywhere takes a version of each chapter it changes, and only those', async () => {
    const { ports, scope, stored } = await storyWithText({ a: 'Strider waited.' });
    const untouched = await createChapter(ports, AUTHOR, scope.storyId, {});
    const [strider] = await createAssociations(ports, scope, [
      {
        association_name: 'Strider',
        association_type: 'character',
        aliases: '',
        case_sensitive: true,
        short_description: '',
        details: { extended_description: '' },
      },
    ]);

    await renameAssociation(ports, scope, strider!.association_id, {
      association_name: 'Aragorn',
      replace_in_text: true,
    });
    const [version] = await listVersions(ports, scope);
    const body = await getVersion(ports, scope, version!.version_id);

    expect(body.blocks[0]!.chunk).toBe(paragraphChunk('a', 'Strider waited.'));
    expect(stored().get('a')!.chunk).toContain('Aragorn');
    expect(await listVersions(ports, { ...scope, chapterId: untouched.id })).toEqual([]);
  });

  it('replacing across the story takes a version of each chapter it changes, and only those', async () => {
    const { ports, scope, stored } = await storyWithText({ a: 'It rained on Tuesday.' });
    const untouched = await createChapter(ports, AUTHOR, scope.storyId, {});

    const result = await replaceInStoryText(ports, scope, {
      find: 'Tuesday',
      replace: 'Wednesday',
      case_sensitive: true,
      whole_word: true,
    });
    const [version] = await listVersions(ports, scope);
    const body = await getVersion(ports, scope, version!.version_id);

    expect(result).toEqual({ replaced: 1, chapters: 1 });
    expect(version!.kind).toBe('automatic');
    expect(body.blocks[0]!.chunk).toBe(paragraphChunk('a', 'It rained on Tuesday.'));
    expect(stored().get('a')!.chunk).toContain('Wednesday');
    expect(await listVersions(ports, { ...scope, chapterId: untouched.id })).toEqual([]);
  });
});
