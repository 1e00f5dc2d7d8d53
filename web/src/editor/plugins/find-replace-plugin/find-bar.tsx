import CloseIcon from '@mui/icons-material/Close';
import FindReplaceIcon from '@mui/icons-material/FindReplace';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, RefObject } from 'react';
import { MAX_FIND_LENGTH } from '../../../../../shared/schemas/story-search';
import type { FindOptions } from '../../../../../shared/text-replacement';
import { FindOptionsCheckboxes } from '../../../components/find-options/find-options-checkboxes';

export interface FindBarProps {
  query: string;
  onQueryChange: (query: string) => void;
  options: FindOptions;
  onOptionsChange: (options: FindOptions) => void;
  /** "3 of 12", "No matches", or what the last replace did. */
  status: string;
  replacing: boolean;
  onReplacingChange: (replacing: boolean) => void;
  replacement: string;
  onReplacementChange: (replacement: string) => void;
  hasMatches: boolean;
  onStep: (direction: 1 | -1) => void;
  onReplace: () => void;
  onReplaceAll: () => void;
  onClose: () => void;
  findInputRef: RefObject<HTMLInputElement | null>;
  replaceInputRef: RefObject<HTMLInputElement | null>;
}

/** The find bar above the chapter's text: presentation only, the plugin holds the state. */
export function FindBar(props: FindBarProps) {
  const { options, onOptionsChange, replacing, hasMatches, onClose } = props;

  const onFindKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onStep(event.shiftKey ? -1 : 1);
    }
  };
  const onReplaceKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onReplace();
    }
  };
  const onBarKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Box
      role="search"
      aria-label="Find in chapter"
      onKeyDown={onBarKeyDown}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        px: { xs: 1, sm: 2 },
        py: { xs: 0.5, sm: 1 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <TextField
          inputRef={props.findInputRef}
          size="small"
          label="Find"
          value={props.query}
          onChange={(event) => props.onQueryChange(event.target.value)}
          onKeyDown={onFindKeyDown}
          slotProps={{ htmlInput: { maxLength: MAX_FIND_LENGTH } }}
          // On a phone the field, the count and the buttons share one row, so the bar leaves the text room.
          sx={{ flex: '1 1 12rem', minWidth: { xs: '6rem', sm: '10rem' } }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          aria-live="polite"
          sx={{ minWidth: { xs: 0, sm: '5.5rem' }, whiteSpace: 'nowrap' }}
        >
          {props.status}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Tooltip title="Previous match (Shift+Enter)">
            <span>
              <IconButton aria-label="Previous match" disabled={!hasMatches} onClick={() => props.onStep(-1)}>
                <KeyboardArrowUpIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Next match (Enter)">
            <span>
              <IconButton aria-label="Next match" disabled={!hasMatches} onClick={() => props.onStep(1)}>
                <KeyboardArrowDownIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={replacing ? 'Hide replace' : 'Replace (Ctrl+H)'}>
            <IconButton
              aria-label="Show replace"
              aria-pressed={replacing}
              onClick={() => props.onReplacingChange(!replacing)}
            >
              <FindReplaceIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Close (Esc)">
            <IconButton aria-label="Close find" onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, flexBasis: { xs: '100%', md: 'auto' } }}>
          <FindOptionsCheckboxes options={options} onChange={onOptionsChange} />
        </Box>
      </Box>
      {replacing && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1 }}>
          <TextField
            inputRef={props.replaceInputRef}
            size="small"
            label="Replace with"
            value={props.replacement}
            onChange={(event) => props.onReplacementChange(event.target.value)}
            onKeyDown={onReplaceKeyDown}
            slotProps={{ htmlInput: { maxLength: MAX_FIND_LENGTH } }}
            sx={{ flex: '1 1 12rem', minWidth: '10rem' }}
          />
          <Button variant="outlined" disabled={!hasMatches} onClick={props.onReplace}>
            Replace
          </Button>
          <Button variant="contained" disabled={!hasMatches} onClick={props.onReplaceAll}>
            Replace all
          </Button>
        </Box>
      )}
    </Box>
  );
}
