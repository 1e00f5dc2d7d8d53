import type { ReactNode } from 'react';

/** How often the stand-in has rendered, for tests of what re-renders the editor. */
export const fakeEditorRenders = { count: 0 };

/**
 * Stands in for the editor core in workspace tests: shows the toolbar slots the workspace fills, names the
 * chapter and settings it was given, and lets a test report a word count as the editor would.
 */
export function ChapterEditor(props: {
  storyId: string;
  chapterId: string;
  settings: { spellcheck: boolean; autotab: boolean };
  toolbarStart?: ReactNode;
  toolbarEnd?: ReactNode;
  onWordCountChange?: (words: number) => void;
}) {
  fakeEditorRenders.count += 1;
  return (
    <section aria-label="Chapter editor" data-chapter-id={props.chapterId}>
      <div role="toolbar" aria-label="Formatting">
        {props.toolbarStart}
        {props.toolbarEnd}
      </div>
      <p>{`Editing ${props.chapterId} of ${props.storyId}`}</p>
      <p>{`Spell check ${props.settings.spellcheck ? 'on' : 'off'}, auto tab ${props.settings.autotab ? 'on' : 'off'}`}</p>
      <button type="button" onClick={() => props.onWordCountChange?.(1234)}>
        Type 1234 words
      </button>
    </section>
  );
}
