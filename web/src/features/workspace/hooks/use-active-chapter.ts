import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { storyAddressParameters } from '../../../config/paths';
import { readLastEditedChapter } from '../../../editor/plugins/caret-memory-plugin/last-edited-chapter';
import { chapterToOpen } from '../utils/chapter-order';

// `paths.storyMention` adds a paragraph to scroll to and the association to flash in it (or the paragraph).
const {
  chapter: CHAPTER_PARAMETER,
  paragraph: PARAGRAPH_PARAMETER,
  mention: MENTION_PARAMETER,
} = storyAddressParameters;

/**
 * The chapter named by `?chapter=` (see `chapterToOpen`). Without one, the chapter last edited in this browser,
 * or else the first by place (spec §2), is used and the address is updated to name it, replacing the history
 * entry so Back does not return to the bare address.
 */
export function useActiveChapter(storyId: string, chapters: readonly Chapter[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedId = searchParams.get(CHAPTER_PARAMETER);
  // Read when the story opens: switching chapters later goes by the address alone.
  const [lastEditedId] = useState(() => readLastEditedChapter(localStorage, storyId));
  const activeChapter = chapterToOpen(chapters, requestedId, lastEditedId);
  const requested = activeChapter?.id === requestedId ? activeChapter : undefined;

  const selectChapter = useCallback(
    (chapterId: string, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set(CHAPTER_PARAMETER, chapterId);
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const fallbackId = requested ? undefined : activeChapter?.id;
  useEffect(() => {
    if (fallbackId !== undefined) selectChapter(fallbackId, { replace: true });
  }, [fallbackId, selectChapter]);

  const paragraphKeyId = searchParams.get(PARAGRAPH_PARAMETER);
  const mentionedId = searchParams.get(MENTION_PARAMETER);
  const mentionTarget = useMemo(
    () =>
      requested && paragraphKeyId !== null
        ? { keyId: paragraphKeyId, ...(mentionedId === null ? {} : { associationId: mentionedId }) }
        : null,
    [requested, paragraphKeyId, mentionedId],
  );

  /** Once shown, the mention leaves the address: a reload then opens the chapter as usual. */
  const clearMentionTarget = useCallback(() => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(PARAGRAPH_PARAMETER);
        next.delete(MENTION_PARAMETER);
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  return { activeChapter, selectChapter, mentionTarget, clearMentionTarget };
}
