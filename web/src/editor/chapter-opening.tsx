import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type JSX } from 'react';
import { parseParagraphChunk, paragraphText } from '../../../shared/paragraph-text';
import { chapterOpeningQuery } from '../api/chapter-content';
import type { AutosaveQueue } from './autosave';

/** How long an opening read no editor took stays in the cache. */
const OPENING_KEPT_MS = 10_000;

const textOf = (chunk: string) => {
  const paragraph = parseParagraphChunk(chunk);
  return paragraph ? paragraphText(paragraph).text : '';
};

/**
 * The chapter's first paragraphs as plain text while the whole chapter is read (issue 26 §3): the opening read
 * answers in a fraction of the whole's time. Nothing here is editable, so nothing typed can land in a chapter
 * half read; the editor takes its place once every paragraph is in and what waits unsent is laid over it. Not
 * shown while the queue holds unsent changes, which the server's opening would contradict.
 */
export function ChapterOpening({ queue }: { queue: AutosaveQueue }): JSX.Element {
  const { storyId, chapterId } = queue.scope;
  const [unsent] = useState(() => {
    const pending = queue.pendingOps();
    return pending.blocks.length > 0 || pending.order !== null;
  });
  const opening = useQuery({ ...chapterOpeningQuery(storyId, chapterId, OPENING_KEPT_MS), enabled: !unsent });
  if (!opening.data || opening.data.length === 0) {
    return <Typography color="text.secondary">Loading chapter…</Typography>;
  }
  return (
    <div className="lw-content" aria-label="Chapter opening" aria-busy="true">
      {opening.data.map((block) => (
        <p key={block.keyId} className="lw-paragraph">
          {textOf(block.chunk) || <br />}
        </p>
      ))}
    </div>
  );
}
