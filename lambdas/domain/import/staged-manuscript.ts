import * as z from 'zod';
import { IdSchema } from '../../../shared/schemas/common';
import type { Paragraph } from '../../../shared/schemas/paragraph';
import type { BlobStore } from '../ports';

/**
 * A parsed manuscript waiting for the import worker: its chapters with the ids the story's chapter index
 * already names, and their paragraphs as stored JSON with their key_ids. Fixing every id before the worker
 * runs makes the worker's writes the same on every delivery. A novel's paragraphs are megabytes, far over
 * SQS's 256 KB, so they wait in the private exports bucket (whose lifecycle rule removes anything left
 * behind) and the message names only the story.
 */
export type StagedParagraph = Paragraph & { key_id: string };

export interface StagedChapter {
  chapter_id: string;
  title: string;
  paragraphs: StagedParagraph[];
}

export interface StagedManuscript {
  chapters: StagedChapter[];
}

/** The import queue's message. */
export const StoryImportMessageSchema = z.object({ story_id: IdSchema, user_id: z.string().min(1) });
export type StoryImportMessage = z.infer<typeof StoryImportMessageSchema>;

/** Only the shape the worker relies on is checked: the paragraphs were made and validated by the parser. */
const StagedManuscriptSchema = z.object({
  chapters: z.array(
    z.object({
      chapter_id: IdSchema,
      title: z.string(),
      paragraphs: z.array(z.looseObject({ key_id: z.string() })),
    }),
  ),
});

const STAGING_BUCKET = 'exports';
const stagedManuscriptKey = (storyId: string) => `imports/${storyId}.json`;

export async function stageManuscript(
  blobs: BlobStore,
  storyId: string,
  manuscript: StagedManuscript,
): Promise<void> {
  await blobs.put(
    STAGING_BUCKET,
    stagedManuscriptKey(storyId),
    Buffer.from(JSON.stringify(manuscript)),
    'application/json',
  );
}

/** The staged manuscript; undefined when there is none (built, withdrawn, expired) or it cannot be read. */
export async function readStagedManuscript(
  blobs: BlobStore,
  storyId: string,
): Promise<StagedManuscript | undefined> {
  const blob = await blobs.get(STAGING_BUCKET, stagedManuscriptKey(storyId));
  if (!blob) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(blob.body).toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = StagedManuscriptSchema.safeParse(json);
  return parsed.success ? (parsed.data as StagedManuscript) : undefined;
}

export async function discardStagedManuscript(blobs: BlobStore, storyId: string): Promise<void> {
  await blobs.delete(STAGING_BUCKET, [stagedManuscriptKey(storyId)]);
}
