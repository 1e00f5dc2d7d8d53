import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { versionKeys } from '../../../api/versions';
import { VersionComparison } from './version-comparison';
import { VersionList } from './version-list';
import type { VersionSummary } from '../../../../../shared/schemas/versions';

/** How the page keeps the open editor and the server's text in step around a change made on the server. */
export interface ChapterTextChanges {
  /** Sends what autosave holds; false when some of it could not be sent (the change must then wait). */
  beforeTextChange: () => Promise<boolean>;
  /** Reloads the open chapter from what is stored. */
  afterTextChange: () => void;
}

interface VersionsPanelProps {
  open: boolean;
  onClose: () => void;
  /** Beside the manuscript (wide screens) rather than over it. */
  docked: boolean;
  storyId: string;
  chapterId: string;
  chapterTitle: string;
  textChanges: ChapterTextChanges;
}

/**
 * The open chapter's versions (issue 14 §2): save one by name, list them, and choose one to see it compared
 * with the current text and restore it. Beside the manuscript on wide screens, over the page on phones.
 */
export function VersionsPanel({
  open,
  onClose,
  docked,
  storyId,
  chapterId,
  chapterTitle,
  textChanges,
}: VersionsPanelProps) {
  const [chosen, setChosen] = useState<VersionSummary | undefined>(undefined);
  const queryClient = useQueryClient();
  const headingId = useId();

  const close = () => {
    setChosen(undefined);
    onClose();
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      variant={docked ? 'persistent' : 'temporary'}
      slotProps={{
        paper: {
          component: 'aside',
          'aria-labelledby': headingId,
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Escape') close();
          },
          sx: (theme) => ({
            width: { xs: '100%', sm: theme.layout.sidePanelWidth },
            bgcolor: 'background.paper',
            ...(docked && {
              top: theme.layout.headerHeight.sm,
              height: `calc(100% - ${theme.layout.headerHeight.sm}px)`,
              zIndex: theme.zIndex.appBar,
              borderLeft: `1px solid ${theme.palette.divider}`,
              boxShadow: theme.shadows[8],
            }),
          }),
        },
      }}
    >
      <Box
        component="header"
        sx={{ px: 2.5, pt: 1.5, pb: 1, display: 'flex', alignItems: 'flex-start', gap: 1 }}
      >
        {chosen && (
          <IconButton aria-label="All versions" onClick={() => setChosen(undefined)} sx={{ ml: -1 }}>
            <ArrowBackOutlined />
          </IconButton>
        )}
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
            {chapterTitle}
          </Typography>
          <Typography id={headingId} variant="h5" component="h2">
            Versions
          </Typography>
        </Box>
        <IconButton aria-label="Close versions" onClick={close} sx={{ mr: -1 }}>
          <Close />
        </IconButton>
      </Box>
      {open &&
        (chosen ? (
          <VersionComparison
            storyId={storyId}
            chapterId={chapterId}
            version={chosen}
            textChanges={textChanges}
            onRestored={() => {
              setChosen(undefined);
              void queryClient.invalidateQueries({ queryKey: versionKeys.chapter(storyId, chapterId) });
            }}
          />
        ) : (
          <VersionList
            storyId={storyId}
            chapterId={chapterId}
            textChanges={textChanges}
            onChoose={setChosen}
          />
        ))}
    </Drawer>
  );
}
