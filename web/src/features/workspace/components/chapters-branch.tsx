import Add from '@mui/icons-material/Add';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { useEffect, useId, useRef, useState } from 'react';
import { sectionOfChapter } from '../../../../../shared/outline';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { OutlineSection } from '../../../../../shared/schemas/outline';
import { defaultChapterTitle } from '../../../../../shared/validation';
import {
  useCreateChapter,
  useDeleteChapter,
  useRenameChapter,
  useReorderChapters,
} from '../hooks/use-workspace-mutations';
import { moved } from '../utils/chapter-order';
import { ReaderProgress, useReadersByChapter } from '../../review';
import { ChapterRow } from './chapter-row';
import { DeleteChapterDialog, type DeleteChapterRequest } from './delete-chapter-dialog';
import { FlyoutBranchHeader } from './flyout-branch-header';
import { RenameChapterDialog } from './rename-chapter-dialog';

export interface ChaptersBranchProps {
  storyId: string;
  storyTitle: string;
  /** Sorted by place. */
  chapters: Chapter[];
  /** The story's outline ([] when it has none): each row shows the section its chapter is assigned to. */
  outline: OutlineSection[];
  activeChapterId: string | undefined;
  /** Whether the flyout is showing; the active chapter is brought into view only then. */
  visible: boolean;
  onSelectChapter: (chapterId: string) => void;
  /** Called once the server has deleted the chapter. */
  onChapterDeleted: (chapterId: string) => void;
}

/**
 * The flyout's Chapters branch (spec §2): the NEW item, then one row per chapter in place order, dragged to
 * reorder. Reordering shows at once and is undone if the server refuses; adding and deleting wait for it.
 */
export function ChaptersBranch({
  storyId,
  storyTitle,
  chapters,
  outline,
  activeChapterId,
  visible,
  onSelectChapter,
  onChapterDeleted,
}: ChaptersBranchProps) {
  const [expanded, setExpanded] = useState(true);
  const readersByChapter = useReadersByChapter(storyId);
  const [deleteRequest, setDeleteRequest] = useState<DeleteChapterRequest | null>(null);
  // The chapter to bring into view once its row is laid out. Spec §2: the active chapter scrolls into view
  // when the branch is newly expanded, which includes the flyout opening with the branch expanded.
  const [revealedChapterId, setRevealedChapterId] = useState(visible ? activeChapterId : undefined);
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible && expanded) setRevealedChapterId(activeChapterId);
  }
  const rows = useRef(new Map<string, HTMLElement>());
  const listId = useId();
  const createChapter = useCreateChapter(storyId);
  const reorderChapters = useReorderChapters(storyId);
  const deleteChapter = useDeleteChapter(storyId);
  const renameChapter = useRenameChapter(storyId);
  const [renaming, setRenaming] = useState<Chapter | null>(null);

  useEffect(() => {
    if (revealedChapterId === undefined) return;
    rows.current.get(revealedChapterId)?.scrollIntoView({ block: 'nearest' });
    setRevealedChapterId(undefined);
  }, [revealedChapterId]);

  const addChapter = async () => {
    const count = chapters.length;
    // Spec §5: 'Chapter N', N being the chapter count plus one; its place is N.
    const created = await createChapter({ title: defaultChapterTitle(count), place: count + 1 });
    if (!created) return;
    setRevealedChapterId(created.id);
    // The author asked for a chapter to write in: it opens at once (typing is kept while it is being created).
    onSelectChapter(created.id);
  };

  const dropChapter = ({ source, destination }: DropResult) => {
    if (!destination || destination.index === source.index) return;
    reorderChapters(chapters, moved(chapters, source.index, destination.index));
  };

  const confirmDelete = async (chapter: Chapter) => {
    setDeleteRequest(null);
    if (await deleteChapter(chapter)) onChapterDeleted(chapter.id);
  };

  return (
    <>
      <FlyoutBranchHeader
        label="Chapters"
        secondary={`${chapters.length}`}
        expanded={expanded}
        onToggle={() => setExpanded((open) => !open)}
        controlsId={listId}
      />
      <Collapse
        in={expanded}
        id={listId} // A folded branch has no height to scroll within: reveal once it has unfolded.
        onEntered={() => setRevealedChapterId(activeChapterId)}
      >
        <ListItemButton onClick={() => void addChapter()} sx={{ borderRadius: 1, pl: 4.5, my: 0.5 }}>
          <ListItemIcon sx={{ minWidth: 28, color: 'primary.main' }}>
            <Add fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary="New chapter"
            slotProps={{ primary: { variant: 'body2', color: 'primary', sx: { fontWeight: 600 } } }}
          />
        </ListItemButton>
        <DragDropContext onDragEnd={dropChapter}>
          <Droppable droppableId="chapters">
            {(droppable) => (
              <List
                ref={droppable.innerRef}
                {...droppable.droppableProps}
                aria-label="Chapters"
                dense
                disablePadding
                sx={{ pl: 1.5, pb: 1 }}
              >
                {chapters.map((chapter, index) => (
                  <Draggable key={chapter.id} draggableId={chapter.id} index={index}>
                    {(draggable, dragState) => (
                      <ChapterRow
                        chapter={chapter}
                        section={sectionOfChapter(outline, chapter.id)}
                        active={chapter.id === activeChapterId}
                        draggable={draggable}
                        dragState={dragState}
                        rowRef={(element) => {
                          if (element) rows.current.set(chapter.id, element);
                          else rows.current.delete(chapter.id);
                        }}
                        onSelect={() => onSelectChapter(chapter.id)}
                        onRename={() => setRenaming(chapter)}
                        onDelete={() => setDeleteRequest({ chapter, isOnlyChapter: chapters.length === 1 })}
                        {...(readersByChapter.has(chapter.id) && {
                          readerProgress: <ReaderProgress readers={readersByChapter.get(chapter.id)!} />,
                        })}
                      />
                    )}
                  </Draggable>
                ))}
                {droppable.placeholder}
              </List>
            )}
          </Droppable>
        </DragDropContext>
      </Collapse>
      <RenameChapterDialog
        chapter={renaming}
        onCancel={() => setRenaming(null)}
        onRename={(chapter, title) => {
          setRenaming(null);
          renameChapter(chapter, title);
        }}
      />
      <DeleteChapterDialog
        request={deleteRequest}
        storyTitle={storyTitle}
        onCancel={() => setDeleteRequest(null)}
        onConfirm={(chapter) => void confirmDelete(chapter)}
      />
    </>
  );
}
