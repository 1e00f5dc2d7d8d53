import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { VersionNameSchema, type VersionSummary } from '../../../../../shared/schemas/versions';
import { saveVersion, versionKeys, versionListQuery } from '../../../api/versions';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useLoadQuery } from '../../../lib/use-load-query';
import {
  UNSAVED_CHANGES_MESSAGE,
  VERSION_NOT_SAVED_ALERT,
  versionDate,
  versionLabel,
} from '../versions-messages';
import type { ChapterTextChanges } from './versions-panel';
import { wordsLabel } from '../../../lib/writing-figures';

interface VersionListProps {
  storyId: string;
  chapterId: string;
  textChanges: ChapterTextChanges;
  onChoose: (version: VersionSummary) => void;
}

/**
 * The thinning rule as `lambdas/domain/versions/version-thinning.ts` applies it, said where versions go, so one
 * that leaves the list has a reason on screen.
 */
const THINNING_RULE =
  'Named versions are always kept. Automatic ones, taken every 30 minutes of writing and before a restore or ' +
  'a change across the story, are thinned as more are taken: the newest of each hour stays for a day, of ' +
  'each day for 30 days, then of each week. A restore never removes one.';

/** 'Save version' with a name, then the chapter's versions, newest first. */
export function VersionList({ storyId, chapterId, textChanges, onChoose }: VersionListProps) {
  const queryClient = useQueryClient();
  const versions = useLoadQuery(versionListQuery(storyId, chapterId), { what: 'the versions' });
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);

  const save = useAlertingMutation({
    failureLog: 'Saving a version failed.',
    failureAlert: VERSION_NOT_SAVED_ALERT,
    mutationFn: async (versionName: string) => {
      // The version holds what is stored: what autosave still holds goes first.
      if (!(await textChanges.beforeTextChange())) return false;
      await saveVersion(storyId, chapterId, versionName);
      return true;
    },
    onSuccess: (saved) => {
      if (!saved) {
        setProblem(UNSAVED_CHANGES_MESSAGE);
        return;
      }
      setName('');
      void queryClient.invalidateQueries({ queryKey: versionKeys.chapter(storyId, chapterId) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = VersionNameSchema.safeParse(name);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <Box sx={{ px: 2.5, pt: 2, pb: 2, overflowY: 'auto' }}>
      <Box
        component="form"
        onSubmit={submit}
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}
      >
        <TextField
          label="Version name"
          size="small"
          fullWidth
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
          error={problem !== undefined}
          helperText={problem}
          slotProps={{ formHelperText: { role: 'alert' } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          Save version
        </Button>
      </Box>
      {versions.data === undefined ? (
        versions.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Loading versions" />
          </Box>
        )
      ) : versions.data.length === 0 ? (
        <Typography color="text.secondary">
          No versions yet. Save one now; while you write, one is also taken every 30 minutes.
        </Typography>
      ) : (
        <List aria-label="Versions of this chapter" disablePadding>
          {versions.data.map((version) => (
            <ListItemButton
              key={version.version_id}
              onClick={() => onChoose(version)}
              sx={{ borderRadius: 1, mx: -1 }}
            >
              <ListItemText
                primary={versionLabel(version)}
                secondary={`${versionDate(version.created_at)} · ${wordsLabel(version.words)}`}
                slotProps={{
                  primary: {
                    sx: { overflowWrap: 'anywhere', fontStyle: version.name === null ? 'italic' : 'normal' },
                  },
                }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      {versions.data !== undefined && versions.data.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {THINNING_RULE}
        </Typography>
      )}
    </Box>
  );
}
