import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { VersionSummary } from '../../../../../shared/schemas/versions';
import { restoreVersion, versionQuery } from '../../../api/versions';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { fetchChapterBlocks } from '../../../api/chapter-content';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useLoadQuery } from '../../../lib/use-load-query';
import { chaptersText, compareWithCurrent } from '../version-diff';
import {
  UNSAVED_CHANGES_MESSAGE,
  VERSION_NOT_RESTORED_ALERT,
  versionDate,
  versionLabel,
} from '../versions-messages';
import type { ChapterTextChanges } from './versions-panel';
import { wordsLabel } from '../../../lib/writing-figures';

interface VersionComparisonProps {
  storyId: string;
  chapterId: string;
  version: VersionSummary;
  textChanges: ChapterTextChanges;
  onRestored: () => void;
}

/**
 * The chosen version beside the current text: the version's words, with what restoring it would bring back
 * marked as added and what it would take away struck through. 'Restore this version' asks first, then sends
 * what autosave holds, restores, and reloads the open chapter.
 */
export function VersionComparison({
  storyId,
  chapterId,
  version,
  textChanges,
  onRestored,
}: VersionComparisonProps) {
  const { showAlert } = useAlerts();
  const [confirming, setConfirming] = useState(false);
  const detail = useLoadQuery(versionQuery(storyId, chapterId, version.version_id), { what: 'a version' });
  const current = useQuery({
    queryKey: ['versions', storyId, chapterId, 'current text'],
    queryFn: async () => {
      // Compared with what the author sees: what autosave holds is sent first.
      await textChanges.beforeTextChange();
      return fetchChapterBlocks(storyId, chapterId, { background: true });
    },
    staleTime: 0,
    gcTime: 0,
  });

  const parts = useMemo(
    () =>
      detail.data && current.data
        ? compareWithCurrent(
            chaptersText(detail.data.blocks.map((block) => block.chunk)),
            chaptersText(current.data.map((block) => block.chunk)),
          )
        : undefined,
    [detail.data, current.data],
  );

  const restore = useAlertingMutation({
    failureLog: 'Restoring a version failed.',
    failureAlert: VERSION_NOT_RESTORED_ALERT,
    mutationFn: async () => {
      if (!(await textChanges.beforeTextChange())) return false;
      await restoreVersion(storyId, chapterId, version.version_id);
      return true;
    },
    onSuccess: (restored) => {
      if (!restored) {
        showAlert({ title: 'Version not restored', message: UNSAVED_CHANGES_MESSAGE, severity: 'warning' });
        return;
      }
      textChanges.afterTextChange();
      onRestored();
    },
  });

  return (
    <Box sx={{ px: 2.5, pb: 2, display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {versionLabel(version)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {versionDate(version.created_at)} · {wordsLabel(version.words)}
      </Typography>
      <Box sx={{ my: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        <Typography variant="caption">
          <Box component="ins" sx={addedStyle}>
            Added
          </Box>{' '}
          restoring this version brings it back
        </Typography>
        <Typography variant="caption">
          <Box component="del" sx={removedStyle}>
            Removed
          </Box>{' '}
          restoring this version takes it out
        </Typography>
      </Box>
      <Box
        aria-label="Compared with the current text"
        role="region"
        sx={{
          flex: '1 1 auto',
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          p: 1.5,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'Georgia, "Times New Roman", serif',
          lineHeight: 1.6,
        }}
      >
        {parts === undefined ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Loading the comparison" />
          </Box>
        ) : (
          parts.map((part, index) =>
            part.change === 'same' ? (
              <span key={index}>{part.text}</span>
            ) : part.change === 'onlyInVersion' ? (
              <Box component="ins" key={index} sx={addedStyle}>
                {part.text}
              </Box>
            ) : (
              <Box component="del" key={index} sx={removedStyle}>
                {part.text}
              </Box>
            ),
          )
        )}
      </Box>
      <Button
        variant="contained"
        sx={{ mt: 2, alignSelf: 'flex-start' }}
        disabled={restore.isPending || detail.data === undefined}
        onClick={() => setConfirming(true)}
      >
        Restore this version
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Restore this version"
        message={`Replace the chapter's text with the version of ${versionDate(version.created_at)}? The current text is kept as a version first.`}
        confirmLabel="Restore"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          restore.mutate();
        }}
      />
    </Box>
  );
}

// The words keep the text's own ink on a faint tint (white on MUI's light green and red was 2.8:1 and 3.5:1),
// and the line under or through them tells added from removed without the colour.
const addedStyle = (theme: Theme) => ({
  bgcolor: theme.alpha(theme.vars.palette.success.main, 0.16),
  color: 'text.primary',
  textDecoration: 'underline',
  textDecorationColor: theme.vars.palette.success.main,
  borderRadius: 0.5,
  px: 0.25,
});

const removedStyle = (theme: Theme) => ({
  bgcolor: theme.alpha(theme.vars.palette.error.main, 0.16),
  color: 'text.primary',
  textDecoration: 'line-through',
  textDecorationColor: theme.vars.palette.error.main,
  borderRadius: 0.5,
  px: 0.25,
});
