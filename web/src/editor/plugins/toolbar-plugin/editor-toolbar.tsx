import FormatAlignCenterIcon from '@mui/icons-material/FormatAlignCenter';
import FormatAlignJustifyIcon from '@mui/icons-material/FormatAlignJustify';
import FormatAlignLeftIcon from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRightIcon from '@mui/icons-material/FormatAlignRight';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import SearchIcon from '@mui/icons-material/Search';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { SaveStatus } from '../../autosave';
import { SHORTCUTS, describeCombo, isMacPlatform, type ShortcutName } from '../../../lib/keyboard-shortcuts';
import { SaveStatusIndicator } from './save-status-indicator';

/** Spec §2 toolbar text formats and §3 alignments. */
export type ToolbarTextFormat = 'bold' | 'italic' | 'underline' | 'strikethrough';
export type ToolbarAlignment = 'left' | 'center' | 'right' | 'justify';

const ON_MAC = isMacPlatform();
const shortcutOf = (name: ShortcutName) => describeCombo(SHORTCUTS[name].combo, ON_MAC);

const TEXT_FORMATS: {
  format: ToolbarTextFormat;
  label: string;
  shortcut: string;
  Icon: typeof FormatBoldIcon;
}[] = [
  { format: 'bold', label: 'Bold', shortcut: shortcutOf('bold'), Icon: FormatBoldIcon },
  { format: 'italic', label: 'Italic', shortcut: shortcutOf('italic'), Icon: FormatItalicIcon },
  { format: 'underline', label: 'Underline', shortcut: shortcutOf('underline'), Icon: FormatUnderlinedIcon },
  {
    format: 'strikethrough',
    label: 'Strikethrough',
    shortcut: shortcutOf('strikethrough'),
    Icon: StrikethroughSIcon,
  },
];

const ALIGNMENTS: {
  alignment: ToolbarAlignment;
  label: string;
  shortcut: string;
  Icon: typeof FormatBoldIcon;
}[] = [
  { alignment: 'left', label: 'Align left', shortcut: shortcutOf('alignLeft'), Icon: FormatAlignLeftIcon },
  {
    alignment: 'center',
    label: 'Align center',
    shortcut: shortcutOf('alignCenter'),
    Icon: FormatAlignCenterIcon,
  },
  {
    alignment: 'right',
    label: 'Align right',
    shortcut: shortcutOf('alignRight'),
    Icon: FormatAlignRightIcon,
  },
  { alignment: 'justify', label: 'Justify', shortcut: shortcutOf('justify'), Icon: FormatAlignJustifyIcon },
];

export interface EditorToolbarProps {
  activeFormats: ReadonlySet<ToolbarTextFormat>;
  alignment: ToolbarAlignment | null;
  onFormat: (format: ToolbarTextFormat) => void;
  onAlign: (alignment: ToolbarAlignment) => void;
  status: SaveStatus;
  /** Opens the chapter's find bar (as Ctrl/Cmd+F does): the way in on a phone, which has no shortcut. */
  onFind?: () => void;
  /** Formatting controls are disabled while the chapter loads. */
  disabled?: boolean;
  start?: ReactNode;
  end?: ReactNode;
}

/** Keeps the editor's focus and selection when a toolbar button is pressed. */
const keepEditorFocus = (event: React.MouseEvent) => event.preventDefault();

/**
 * The chapter toolbar (spec §2): the workspace's `start` slot (chapter title), format toggles showing the
 * selection's state, the four alignments, the find bar's button, the save status and the `end` slot (export menu). It wraps onto
 * further rows on narrow screens rather than hiding anything.
 */
export function EditorToolbar({
  activeFormats,
  alignment,
  onFormat,
  onAlign,
  status,
  onFind,
  disabled = false,
  start,
  end,
}: EditorToolbarProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <Box
      role="toolbar"
      aria-label="Chapter formatting"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: { xs: 1, sm: 1.5 },
        rowGap: { xs: 0.5, sm: 1 },
        px: { xs: 1, sm: 2 },
        py: { xs: 0.5, sm: 1 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {start && <Box sx={{ flex: { xs: '1 1 4rem', md: '1 1 12rem' }, minWidth: 0 }}>{start}</Box>}
      {/* On a phone the title, the status and Find share the first row, and the formatting and the `end` slot one
          row that scrolls sideways: two rows instead of three leave the text most of the screen. */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          alignItems: 'center',
          gap: 1,
          order: { xs: 2, md: 1 },
          flexBasis: { xs: '100%', sm: 'auto' },
          overflowX: { xs: 'auto', sm: 'visible' },
          scrollbarWidth: 'none',
        }}
      >
        <ToggleButtonGroup size="small" aria-label="Text format">
          {TEXT_FORMATS.map(({ format, label, shortcut, Icon }) => (
            <Tooltip key={format} title={disabled ? '' : shortcut ? `${label} (${shortcut})` : label}>
              <ToggleButton
                value={format}
                aria-label={label}
                selected={activeFormats.has(format)}
                disabled={disabled}
                onMouseDown={keepEditorFocus}
                onChange={() => onFormat(format)}
              >
                <Icon fontSize="small" />
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
        <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', sm: 'block' } }} />
        <ToggleButtonGroup size="small" exclusive aria-label="Alignment" value={alignment}>
          {ALIGNMENTS.map(({ alignment: value, label, shortcut, Icon }) => (
            <Tooltip key={value} title={disabled ? '' : `${label} (${shortcut})`}>
              <ToggleButton
                value={value}
                aria-label={label}
                disabled={disabled}
                onMouseDown={keepEditorFocus}
                onChange={() => onAlign(value)}
              >
                <Icon fontSize="small" />
              </ToggleButton>
            </Tooltip>
          ))}
        </ToggleButtonGroup>
        {phone && end}
      </Box>
      {/* After the alignments on wide screens; on narrow ones at the end of the title's row, where it fits. */}
      <Tooltip title={disabled ? '' : `Find and replace (${shortcutOf('find')})`}>
        <Box component="span" sx={{ order: { xs: 0, md: 1 } }}>
          <IconButton
            aria-label="Find and replace"
            disabled={disabled || !onFind}
            onMouseDown={keepEditorFocus}
            onClick={onFind}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: '7px' }}
          >
            <SearchIcon fontSize="small" />
          </IconButton>
        </Box>
      </Tooltip>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          ml: 'auto',
          // Not below its longest word: the status is never cut short, the chapter title beside it gives way.
          flex: '0 1 auto',
          order: { xs: 1, md: 2 },
        }}
      >
        <SaveStatusIndicator status={status} />
        {!phone && end}
      </Box>
    </Box>
  );
}
