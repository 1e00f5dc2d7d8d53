import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CoverImage } from './cover-image';

/** The cover opens the story, or (for a series) does what the series card asks of it. */
type CoverAction = { kind: 'link'; href: string } | { kind: 'button'; label: string; onClick: () => void };

interface LibraryCardProps {
  title: string;
  imageUrl: string;
  /** Shown instead of the image when there is none: the default standalone or series icon. */
  placeholderIcon: ReactNode;
  /** The cover is among the first the page shows: it loads at once. */
  eagerCover?: boolean;
  /** Slides over the cover on hover (always shown where nothing can hover). */
  description: string;
  /**
   * Slides in on hover in place of a blank description. Never shown where nothing can hover: there the slider
   * stays over the cover, and a standing 'No description' reads as stuck.
   */
  emptyDescription?: string;
  coverAction: CoverAction;
  /** The title line; a link when the card opens something. */
  heading: ReactNode;
  editHref: string;
  onDelete: () => void;
  children?: ReactNode;
}

const coverStyle = {
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: { xs: '3 / 2', sm: '1 / 1' },
  overflow: 'hidden',
  backgroundColor: 'background.default',
  borderBottom: 1,
  borderColor: 'divider',
  // Drawn inside the cover: the card clips whatever lies outside it.
  '&.Mui-focusVisible': { outline: '3px solid #2f4a5e', outlineOffset: -3 },
} as const;

/** The frame shared by story and series cards: cover with description slider, title, edit and delete. */
export function LibraryCard({
  title,
  imageUrl,
  placeholderIcon,
  eagerCover = false,
  description,
  emptyDescription,
  coverAction,
  heading,
  editHref,
  onDelete,
  children,
}: LibraryCardProps) {
  const headingId = useId();
  const shownDescription = description.trim();
  const sliderText = shownDescription || emptyDescription;

  const cover = (
    <>
      <CoverImage imageUrl={imageUrl} placeholderIcon={placeholderIcon} eager={eagerCover} />
      {sliderText && (
        <Box
          className="library-card-slider"
          sx={{
            position: 'absolute',
            insetInline: 0,
            bottom: 0,
            maxHeight: '100%',
            px: 2,
            py: 1.5,
            color: '#fffdf9',
            textAlign: 'left',
            background: 'linear-gradient(180deg, rgba(33, 30, 27, 0.78) 0%, rgba(33, 30, 27, 0.92) 100%)',
            transform: 'translateY(101%)',
            transition: 'transform 220ms ease',
            '@media (hover: none)': shownDescription ? { transform: 'none' } : { display: 'none' },
          }}
        >
          <Typography
            variant="body2"
            sx={{
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: { xs: 3, sm: 6 },
              overflow: 'hidden',
              whiteSpace: 'pre-line',
              '@media (hover: none)': { WebkitLineClamp: 2 },
            }}
          >
            {sliderText}
          </Typography>
        </Box>
      )}
    </>
  );

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 1.5,
        transition: 'box-shadow 200ms ease, transform 200ms ease',
        '&:hover, &:focus-within': {
          boxShadow: '0 10px 28px rgba(42, 38, 34, 0.12)',
          '& .library-card-slider': { transform: 'translateY(0)' },
        },
        // The title link stands for the cover too: the keyboard's focus ring shows on both.
        '&:has(h3 a:focus-visible, h3 button:focus-visible)': {
          outline: '3px solid #2f4a5e',
          outlineOffset: 2,
        },
      }}
    >
      {coverAction.kind === 'link' ? (
        // The title is the accessible link; this one is the same target made large for the pointer.
        <ButtonBase
          component={RouterLink}
          to={coverAction.href}
          tabIndex={-1}
          aria-hidden="true"
          sx={coverStyle}
        >
          {cover}
        </ButtonBase>
      ) : (
        <ButtonBase aria-label={coverAction.label} onClick={coverAction.onClick} sx={coverStyle}>
          {cover}
        </ButtonBase>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, pl: 2, pr: 1, pt: 1.5, pb: 1 }}>
        <Typography
          id={headingId}
          variant="h6"
          component="h3"
          sx={{
            flex: '1 1 auto',
            minWidth: 0,
            pt: 0.25,
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
          title={title}
        >
          {heading}
        </Typography>
        <Tooltip title="Edit">
          <IconButton component={RouterLink} to={editHref} aria-label={`Edit ${title}`} size="small">
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton onClick={onDelete} aria-label={`Delete ${title}`} size="small">
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {children}
    </Card>
  );
}
