import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { DraggableProvided, DraggableStateSnapshot } from '@hello-pangea/dnd';
import { useState, type ReactNode } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { OutlineSection } from '../../../../../shared/schemas/outline';
import { OUTLINE_CHIP_INK, outlineColour } from '../../../theme/outline-colors';
import { STAGE_LABELS } from '../utils/chapter-stages';
import { NOT_IN_OUTLINE } from '../workspace-messages';

interface ChapterRowProps {
  chapter: Chapter;
  /** The outline section the chapter is assigned to, if any. */
  section: OutlineSection | undefined;
  active: boolean;
  draggable: DraggableProvided;
  dragState: DraggableStateSnapshot;
  /** Receives the row's element, so the list can scroll it into view. */
  rowRef: (element: HTMLElement | null) => void;
  onSelect: () => void;
  /** 'Rename' in the row's menu. */
  onRename: () => void;
  onDelete: () => void;
  /** Under the title: how far each reader of a shared story got (issue 24). */
  readerProgress?: ReactNode;
}

/**
 * One chapter of the flyout's list (spec §2): drag handle, title (click to open) over its stage (issue 28), the
 * chip of its outline section (in the palette colour of spec §9) or the 'Not assigned to an outline' tooltip, and
 * a delete button.
 */
export function ChapterRow({
  chapter,
  section,
  active,
  draggable,
  dragState,
  rowRef,
  onSelect,
  onRename,
  onDelete,
  readerProgress,
}: ChapterRowProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const setRow = (element: HTMLElement | null) => {
    draggable.innerRef(element);
    rowRef(element);
  };

  return (
    <Box
      component="li"
      ref={setRow}
      {...draggable.draggableProps}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pr: 0.5,
        borderRadius: 1,
        listStyle: 'none',
        bgcolor: dragState.isDragging ? 'background.paper' : 'transparent',
        boxShadow: dragState.isDragging ? 4 : 'none',
      }}
    >
      <Box
        {...draggable.dragHandleProps}
        aria-label={`Move ${chapter.title}`}
        sx={{
          display: 'inline-flex',
          p: 0.5,
          borderRadius: 1,
          color: 'text.secondary',
          cursor: dragState.isDragging ? 'grabbing' : 'grab',
          '&:hover, &:focus-visible': { color: 'text.primary', bgcolor: 'action.hover' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        <DragIndicator fontSize="small" />
      </Box>
      <ListItemButton
        selected={active}
        aria-current={active ? 'true' : undefined}
        onClick={onSelect}
        sx={{ borderRadius: 1, py: 0.5, px: 1, minWidth: 0 }}
      >
        <ListItemText
          primary={chapter.title}
          secondary={
            (chapter.stage || readerProgress) && (
              <>
                {chapter.stage && STAGE_LABELS[chapter.stage]}
                {readerProgress}
              </>
            )
          }
          // A long title wraps rather than being cut short beside its outline chip.
          slotProps={{
            primary: { variant: 'body2', sx: { fontWeight: active ? 600 : 400, overflowWrap: 'anywhere' } },
            secondary: { variant: 'caption', component: 'div' },
          }}
        />
      </ListItemButton>
      {section ? (
        <Tooltip title={section.header}>
          <Chip
            size="small"
            label={section.header}
            sx={{
              maxWidth: '45%',
              flex: '0 1 auto',
              bgcolor: outlineColour(section.header),
              color: OUTLINE_CHIP_INK,
              fontWeight: 500,
            }}
          />
        </Tooltip>
      ) : (
        <Tooltip title={NOT_IN_OUTLINE}>
          <Chip
            size="small"
            variant="outlined"
            label="—"
            sx={{ borderStyle: 'dashed', color: 'text.secondary', minWidth: 32 }}
          />
        </Tooltip>
      )}
      <IconButton
        size="small"
        aria-label={`More actions for ${chapter.title}`}
        aria-haspopup="menu"
        aria-expanded={menuAnchor !== null}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            onRename();
          }}
        >
          Rename
        </MenuItem>
      </Menu>
      <IconButton size="small" aria-label={`Delete ${chapter.title}`} onClick={onDelete}>
        <DeleteOutlined fontSize="small" />
      </IconButton>
    </Box>
  );
}
