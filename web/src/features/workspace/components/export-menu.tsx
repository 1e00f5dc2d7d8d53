import Check from '@mui/icons-material/Check';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { EXPORT_LAYOUTS, EXPORT_TYPES, type ExportLayout } from '../../../../../shared/schemas/export';
import { lazyComponent } from '../../../lib/lazy-component';
import { MountedOnceOpened } from '../../../lib/mounted-once-opened';
import { useUser } from '../../../lib/user/user-context';
import { EXPORT_TYPE_LABELS, useStoryExport } from '../hooks/use-story-export';
import { EXPORT_FOR_SUBSCRIBERS_ONLY } from '../workspace-messages';

// The dialog's form (and its schema checks) loads when first opened: the toolbar's first paint needs none of it.
const BookSettingsDialog = lazyComponent(() => import('./book-settings-dialog'), 'BookSettingsDialog');

/** The layouts as the menu offers them (ours: the spec has one layout and no choice). */
const LAYOUT_CHOICES: Record<ExportLayout, { label: string; description: string }> = {
  manuscript: { label: 'Manuscript', description: 'Standard format for agents and editors' },
  book: { label: 'Book', description: 'Print-ready pages and e-book, by the book settings' },
};

export interface ExportMenuProps {
  storyId: string;
  storyTitle: string;
}

/**
 * The export menu of the editor's toolbar (spec §4 "Export menu"): opens and closes on click; disabled, with
 * the spec's tooltip, for free accounts. It offers a layout, 'Final chapters only' and, for DOCX, comments and
 * suggestions (all kept while the page is open), and the formats;
 * choosing a format exports the story, the button showing a spinner until the spec's alert reports the result.
 */
export function ExportMenu({ storyId, storyTitle }: ExportMenuProps) {
  const { isSubscriber } = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [layout, setLayout] = useState<ExportLayout>('manuscript');
  const [finalOnly, setFinalOnly] = useState(false);
  const [includeComments, setIncludeComments] = useState(false);
  const [includeSuggestions, setIncludeSuggestions] = useState(false);
  const [bookSettingsOpen, setBookSettingsOpen] = useState(false);
  const { startExport, pending } = useStoryExport({ storyId, title: storyTitle });
  const menuId = useId();
  const open = anchor !== null;

  const button = (
    <Button
      size="small"
      color="inherit"
      // While a file is made the spinner stands in for the icon; the label keeps its width so the toolbar does
      // not reflow on a phone, and the live region below says what is being made.
      startIcon={pending ? <CircularProgress size={16} aria-hidden /> : <FileDownloadOutlined />}
      disabled={!isSubscriber || pending !== undefined}
      aria-busy={pending !== undefined}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      onClick={(event) => setAnchor(open ? null : event.currentTarget)}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Export
    </Button>
  );

  return (
    <>
      {isSubscriber ? (
        button
      ) : (
        <Tooltip title={EXPORT_FOR_SUBSCRIBERS_ONLY} describeChild>
          {/* A disabled button receives no pointer events; the wrapper lets the tooltip explain why. */}
          <Box component="span" sx={{ display: 'inline-flex' }}>
            {button}
          </Box>
        </Tooltip>
      )}
      {/* Announces the export's progress to screen readers; the button shows it on screen. */}
      <Box aria-live="polite" sx={visuallyHidden}>
        {pending ? `Exporting ${EXPORT_TYPE_LABELS[pending]}…` : ''}
      </Box>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { dense: true, sx: { minWidth: 240 } } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>Layout</ListSubheader>
        {EXPORT_LAYOUTS.map((choice) => (
          <MenuItem
            key={choice}
            role="menuitemradio"
            aria-checked={layout === choice}
            onClick={() => setLayout(choice)}
          >
            <ListItemIcon>{layout === choice && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={LAYOUT_CHOICES[choice].label}
              secondary={LAYOUT_CHOICES[choice].description}
            />
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setBookSettingsOpen(true);
          }}
        >
          <ListItemIcon>
            <MenuBookOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Book settings…" secondary="Trim, style, front and back matter" />
        </MenuItem>
        <Divider />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={finalOnly}
          onClick={() => setFinalOnly((only) => !only)}
        >
          <ListItemIcon>{finalOnly && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText primary="Final chapters only" secondary="Leave out draft and revised chapters" />
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>DOCX only</ListSubheader>
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={includeComments}
          onClick={() => setIncludeComments((include) => !include)}
        >
          <ListItemIcon>{includeComments && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText primary="Include comments" secondary="As Word comments, with their replies" />
        </MenuItem>
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={includeSuggestions}
          onClick={() => setIncludeSuggestions((include) => !include)}
        >
          <ListItemIcon>{includeSuggestions && <Check fontSize="small" />}</ListItemIcon>
          <ListItemText
            primary="Include suggestions as tracked changes"
            secondary="Editors' open suggestions"
          />
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>Format</ListSubheader>
        {EXPORT_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              startExport({
                type,
                layout,
                ...(finalOnly ? { stages: ['final'] } : {}),
                includeComments,
                includeSuggestions,
              });
            }}
          >
            <ListItemText inset primary={EXPORT_TYPE_LABELS[type]} />
          </MenuItem>
        ))}
      </Menu>
      <MountedOnceOpened open={bookSettingsOpen}>
        <BookSettingsDialog
          open={bookSettingsOpen}
          storyId={storyId}
          onClose={() => setBookSettingsOpen(false)}
        />
      </MountedOnceOpened>
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
