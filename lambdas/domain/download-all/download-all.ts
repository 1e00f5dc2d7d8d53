import { randomUUID } from 'node:crypto';
import JSZip from 'jszip';
import type { ExportReady } from '../../../shared/schemas/export';
import { DEFAULT_BOOK_SETTINGS } from '../../../shared/schemas/book';
import { DEFAULT_DOCUMENT_SETTINGS } from '../../../shared/schemas/settings';
import type { DomainPorts } from '../ports';
import type { AssociationRecord } from '../associations/association-repository';
import { DOWNLOAD_LINK_SECONDS, downloadFileStem } from '../export/export-story';
import type { SeriesRecord } from '../series/series-repository';
import type { StoryRecord } from '../stories/story-repository';
import { readStoryText, type StoredChapterText } from '../story-bible/story-text';
import { userDownloadPrefix } from './download-location';
import { storyMarkdown } from './story-markdown';
import type { ChapterRecord } from '../chapters/chapter-repository';
import type { FactRecord } from '../associations/fact-repository';
import type { Relationship } from '../../../shared/schemas/relationships';

/** The ports these operations use. */
export type DownloadAllPorts = Pick<DomainPorts, 'repositories' | 'blobs'>;

/** The archive's format, so a later import can tell which shape it reads. */
export const STORY_ARCHIVE_FORMAT = 'loreweaver-story';
export const STORY_ARCHIVE_VERSION = 1;

/** The name the author's browser saves the zip under. */
export const DOWNLOAD_ALL_FILE_NAME = 'Loreweaver stories.zip';

/** The story's association as the archive holds it: what the author wrote, the portrait as its stored key. */
function archivedAssociation(association: AssociationRecord) {
  const { portrait, ...fields } = association;
  return { ...fields, portrait_key: portrait?.key ?? null };
}

/** Everything the author wrote in one story, as one JSON document. */
export function storyArchive(
  story: StoryRecord,
  series: SeriesRecord | undefined,
  texts: readonly StoredChapterText[],
  extras: {
    settings: unknown;
    /** How the story is made into a book (issue 27 §1). */
    book: unknown;
    associations: readonly AssociationRecord[];
    outline: unknown;
    /** The chapters as stored, by id: their status, synopsis, stage and story time. */
    chapterRecords: ReadonlyMap<string, ChapterRecord>;
    facts: readonly FactRecord[];
    relationships: readonly Relationship[];
  },
) {
  return {
    format: STORY_ARCHIVE_FORMAT,
    version: STORY_ARCHIVE_VERSION,
    story: {
      id: story.story_id,
      title: story.title,
      description: story.description,
      series: series ? { id: series.series_id, title: series.series_title } : null,
      /** The calendar its chapters are dated in (its series' for a volume); null: the Gregorian one. */
      calendar: (series ? series.calendar : story.calendar) ?? null,
      created_at: story.created_at,
      updated_at: story.updated_at,
    },
    settings: extras.settings,
    book: extras.book,
    chapters: texts.map((text) => {
      const record = extras.chapterRecords.get(text.chapter_id);
      return {
        id: text.chapter_id,
        title: text.title,
        place: text.place,
        status: record?.status ?? 'ready',
        synopsis: record?.synopsis ?? null,
        stage: record?.stage ?? null,
        story_time: record?.story_time ?? null,
        paragraphs: text.paragraphs.map((stored) => stored.paragraph),
      };
    }),
    associations: extras.associations.map(archivedAssociation),
    outline: extras.outline,
    facts: extras.facts.map(({ fact_id, association_id, label, value, from_chapter_id }) => ({
      id: fact_id,
      association_id,
      label,
      value,
      from_chapter_id,
    })),
    relationships: extras.relationships,
  };
}

/** A name not yet taken in the zip: 'Title', then 'Title (2)', ... */
function uniqueStem(title: string, taken: Set<string>): string {
  const stem = downloadFileStem(title);
  let candidate = stem;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * POST /api/user/download: every story of the author, each as `<title>.md` and `<title>.json`, in one zip put in
 * the exports bucket, answered as a one-hour link. Free for every author. Built within the call: stories are read
 * one after another (a story's chapters twenty at a time), and a 150,000-word novel is ≈ 1 MB of text.
 */
export async function downloadAllStories(ports: DownloadAllPorts, userId: string): Promise<ExportReady> {
  const { repositories } = ports;
  const { stories, series: seriesList } = await repositories.stories.listLibrary(userId);
  const seriesById = new Map(seriesList.map((series) => [series.series_id, series]));
  const zip = new JSZip();
  const taken = new Set<string>();
  for (const story of [...stories].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    const [{ chapters }, texts, settings, book, associations, outline, facts, relationships] =
      await Promise.all([
        repositories.chapters.listWithIndex(story.story_id),
        readStoryText(repositories, story.story_id),
        repositories.settings.get(story.story_id),
        repositories.books.get(story.story_id),
        repositories.associations.list(story.story_id),
        repositories.outlines.get(story.story_id),
        repositories.facts.listStory(story.story_id),
        repositories.relationships.get(story.story_id),
      ]);
    const stem = uniqueStem(story.title, taken);
    zip.file(
      `${stem}.md`,
      storyMarkdown({
        title: story.title,
        description: story.description,
        chapters: texts.map((text) => ({
          title: text.title,
          paragraphs: text.paragraphs.map((stored) => stored.paragraph),
        })),
      }),
    );
    const archive = storyArchive(
      story,
      story.series_id ? seriesById.get(story.series_id) : undefined,
      texts,
      {
        settings: settings ?? DEFAULT_DOCUMENT_SETTINGS,
        book: book ?? DEFAULT_BOOK_SETTINGS,
        associations,
        outline: outline.sections,
        chapterRecords: new Map(chapters.map((chapter) => [chapter.chapter_id, chapter])),
        facts,
        relationships: relationships.relationships,
      },
    );
    zip.file(`${stem}.json`, JSON.stringify(archive, null, 2));
  }
  const body = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  const key = `${userDownloadPrefix(userId)}${randomUUID()}.zip`;
  await ports.blobs.put('exports', key, body, 'application/zip');
  const url = await ports.blobs.signedDownloadUrl(
    'exports',
    key,
    DOWNLOAD_LINK_SECONDS,
    DOWNLOAD_ALL_FILE_NAME,
  );
  return { url };
}
