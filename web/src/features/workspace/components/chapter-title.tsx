import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAPTER_TITLE_MAX_LENGTH } from '../../../../../shared/validation';
import { EditableTitle } from '../../../components/editable-title/editable-title';

/** Spec §9: the chapter title's alignment changes at this viewport width. */
export const NARROW_VIEWPORT_QUERY = '(max-width:600px)';

interface ChapterTitleProps {
  title: string;
  /** Receives the trimmed, changed, non-blank title. */
  onRename: (title: string) => void;
}

/**
 * The chapter title in the editor's toolbar: double-click to rename, Enter or leaving the field to save.
 * Spec §2: left-aligned when the viewport is at most 600 px wide, right-aligned otherwise.
 */
export function ChapterTitle({ title, onRename }: ChapterTitleProps) {
  const narrow = useMediaQuery(NARROW_VIEWPORT_QUERY, { noSsr: true });

  return (
    <Box
      sx={{
        display: 'flex',
        flex: '1 1 auto',
        minWidth: 0,
        justifyContent: narrow ? 'flex-start' : 'flex-end',
        textAlign: narrow ? 'left' : 'right',
      }}
    >
      <EditableTitle
        value={title}
        label="Chapter title"
        onCommit={onRename}
        variant="subtitle1"
        maxLength={CHAPTER_TITLE_MAX_LENGTH}
      />
    </Box>
  );
}
