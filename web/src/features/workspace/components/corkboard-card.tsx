import ArrowBackIosNew from '@mui/icons-material/ArrowBackIosNew';
import ArrowForwardIos from '@mui/icons-material/ArrowForwardIos';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useRef, useState, type DragEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  CHAPTER_STAGES,
  ChapterStageSchema,
  type Chapter,
  type ChapterStage,
} from '../../../../../shared/schemas/chapter';
import type { OutlineSection } from '../../../../../shared/schemas/outline';
import { CHAPTER_SYNOPSIS_MAX_LENGTH } from '../../../../../shared/validation';
import { paths } from '../../../config/paths';
import { OUTLINE_CHIP_INK, outlineColour } from '../../../theme/outline-colors';
import { STAGE_COLOURS, STAGE_LABELS } from '../utils/chapter-stages';
import { NOT_IN_OUTLINE } from '../workspace-messages';

/** The drag's data type: only a corkboard card is taken by a drop on another card. */
export const CARD_DRAG_TYPE = 'application/x-loreweaver-chapter';

export interface CorkboardCardProps {
  chapter: Chapter;
  /** The outline section the chapter is assigned to, if any. */
  section: OutlineSection | undefined;
  /** The stored word count; undefined while it is read (or when it could not be). */
  words: number | undefined;
  /** On a phone the cards are one column, so moving is up and down rather than left and right. */
  column: boolean;
  canMoveEarlier: boolean;
  canMoveLater: boolean;
  onMove: (direction: -1 | 1) => void;
  /** Another card was dropped on this one: it takes this card's place. */
  onDropCard: (chapterId: string) => void;
  onSynopsisChange: (synopsis: string | null) => void;
  onStageChange: (stage: ChapterStage | null) => void;
}

/** The stage chip's colours in the scheme showing: the light ones, replaced by the dark ones under `.dark`. */
const stageChipColours = (stage: ChapterStage) => (theme: Theme) => ({
  color: STAGE_COLOURS.light[stage].text,
  backgroundColor: STAGE_COLOURS.light[stage].background,
  ...theme.applyStyles('dark', {
    color: STAGE_COLOURS.dark[stage].text,
    backgroundColor: STAGE_COLOURS.dark[stage].background,
  }),
});

/** The card's left edge in the stage's accent. */
const stageEdgeColour = (stage: ChapterStage) => (theme: Theme) => ({
  borderLeftColor: STAGE_COLOURS.light[stage].accent,
  ...theme.applyStyles('dark', { borderLeftColor: STAGE_COLOURS.dark[stage].accent }),
});

/**
 * One chapter as an index card (issue 28): its place and title (opening it in the workspace), the synopsis
 * edited where it stands (saved when the field is left, Escape puts it back), the stage, the stored word
 * count and its outline section. Dragged onto another card, or moved with its arrow buttons from the keyboard.
 */
export function CorkboardCard({
  chapter,
  section,
  words,
  column,
  canMoveEarlier,
  canMoveLater,
  onMove,
  onDropCard,
  onSynopsisChange,
  onStageChange,
}: CorkboardCardProps) {
  const [draft, setDraft] = useState(chapter.synopsis ?? '');
  const [shownSynopsis, setShownSynopsis] = useState(chapter.synopsis);
  // A synopsis changed elsewhere (saved, or put back after a refusal) replaces what the field holds.
  if (chapter.synopsis !== shownSynopsis) {
    setShownSynopsis(chapter.synopsis);
    setDraft(chapter.synopsis ?? '');
  }
  const [dropTarget, setDropTarget] = useState(false);
  // Escape blurs the field within its own key event, before the put-back draft is rendered: the blur must not save.
  const discarding = useRef(false);
  const stage = chapter.stage;

  const saveSynopsis = () => {
    if (discarding.current) {
      discarding.current = false;
      return;
    }
    const synopsis = draft.trim() || null;
    if (synopsis !== chapter.synopsis) onSynopsisChange(synopsis);
  };

  const acceptsDrop = (event: DragEvent) => event.dataTransfer.types.includes(CARD_DRAG_TYPE);

  return (
    <Card
      component="li"
      variant="outlined"
      draggable
      aria-label={chapter.title}
      onDragStart={(event) => {
        event.dataTransfer.setData(CARD_DRAG_TYPE, chapter.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (!acceptsDrop(event)) return;
        event.preventDefault();
        setDropTarget(true);
      }}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(event) => {
        setDropTarget(false);
        const dropped = event.dataTransfer.getData(CARD_DRAG_TYPE);
        if (!dropped || dropped === chapter.id) return;
        event.preventDefault();
        onDropCard(dropped);
      }}
      sx={[
        {
          listStyle: 'none',
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          p: 2,
          minHeight: 200,
          borderLeftWidth: 6,
          borderLeftColor: 'divider',
          cursor: 'grab',
          outline: dropTarget ? 2 : 0,
          outlineColor: 'primary.main',
          outlineStyle: 'dashed',
        },
        ...(stage ? [stageEdgeColour(stage)] : []),
      ]}
    >
      {/* As tall as the stage chip, so the titles of cards with and without one line up. */}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 24 }}
      >
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
          {`Chapter ${chapter.place}`}
        </Typography>
        {stage && (
          <Chip
            size="small"
            label={STAGE_LABELS[stage]}
            sx={[{ fontWeight: 600 }, stageChipColours(stage)]}
          />
        )}
      </Stack>
      <Link
        component={RouterLink}
        to={paths.story.getHref(chapter.story_id, chapter.id)}
        variant="h6"
        underline="hover"
        color="text.primary"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {chapter.title}
      </Link>
      <InputBase
        multiline
        minRows={3}
        value={draft}
        placeholder="Add a synopsis…"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={saveSynopsis}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          discarding.current = true;
          setDraft(chapter.synopsis ?? '');
          (event.target as HTMLElement).blur();
        }}
        inputProps={{ 'aria-label': `Synopsis of ${chapter.title}`, maxLength: CHAPTER_SYNOPSIS_MAX_LENGTH }}
        sx={{
          flexGrow: 1,
          alignItems: 'flex-start',
          typography: 'body2',
          px: 1,
          py: 0.5,
          mx: -1,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focused': { bgcolor: 'action.hover' },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {words === undefined ? '— words' : `${words.toLocaleString()} ${words === 1 ? 'word' : 'words'}`}
        </Typography>
        {section ? (
          <Chip
            size="small"
            label={section.header}
            sx={{
              maxWidth: '60%',
              bgcolor: outlineColour(section.header),
              color: OUTLINE_CHIP_INK,
              fontWeight: 500,
            }}
          />
        ) : (
          <Tooltip title={NOT_IN_OUTLINE}>
            <Chip size="small" variant="outlined" label="No section" sx={{ borderStyle: 'dashed' }} />
          </Tooltip>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Stage"
          value={stage ?? ''}
          onChange={(event) => {
            const chosen = ChapterStageSchema.safeParse(event.target.value);
            onStageChange(chosen.success ? chosen.data : null);
          }}
          slotProps={{
            select: { native: true },
            // 'No stage' is a value shown in the field: the label stays above it rather than over it.
            inputLabel: { shrink: true },
            htmlInput: { 'aria-label': `Stage of ${chapter.title}` },
          }}
          sx={{ flexGrow: 1 }}
        >
          <option value="">No stage</option>
          {CHAPTER_STAGES.map((choice) => (
            <option key={choice} value={choice}>
              {STAGE_LABELS[choice]}
            </option>
          ))}
        </TextField>
        <Box>
          <IconButton
            size="small"
            aria-label={`Move ${chapter.title} earlier`}
            disabled={!canMoveEarlier}
            onClick={() => onMove(-1)}
          >
            <ArrowBackIosNew fontSize="small" sx={{ rotate: column ? '90deg' : undefined }} />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${chapter.title} later`}
            disabled={!canMoveLater}
            onClick={() => onMove(1)}
          >
            <ArrowForwardIos fontSize="small" sx={{ rotate: column ? '90deg' : undefined }} />
          </IconButton>
        </Box>
      </Stack>
    </Card>
  );
}
