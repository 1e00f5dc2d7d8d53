import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { keepStoryOffline, type KeepingProgress } from '../../../api/kept-stories';
import { storiesQuery } from '../../../api/stories';
import type { AlertOptions } from '../../../components/alerts/alert-types';
import {
  askToKeepStorage,
  KEPT_BOUND_BYTES,
  KEPT_DAYS,
  keptStories,
  keptUsage,
  setKeptStories,
  storageIsPersistent,
  type KeptStories,
} from '../../../lib/offline/kept-reads';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';

const offlineKeys = {
  all: ['offline'] as const,
  usage: ['offline', 'usage'] as const,
  stories: ['offline', 'stories'] as const,
  persistent: ['offline', 'persistent'] as const,
};

const MEGABYTE = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${(bytes / MEGABYTE).toFixed(1)} MB`;
}

/** Spec-style alert for a story that could not be downloaded (offline, or the server failed). */
const KEEP_FAILED_ALERT: AlertOptions = {
  title: 'Could not keep the story offline',
  message: 'Some of its chapters could not be downloaded. Try again when you are online.',
  severity: 'error',
};

/**
 * Issue 26 §1: what this device keeps for opening Loreweaver offline, how much of the bound it takes, and
 * 'Keep offline' for one story or all of them (every chapter downloaded now and kept up to date, not only those
 * opened in the last 30 days). Choosing to keep a story asks the browser, once, to keep the storage.
 */
export function OfflineSection() {
  const queryClient = useQueryClient();
  const stories = useQuery(storiesQuery());
  const usage = useQuery({ queryKey: offlineKeys.usage, queryFn: keptUsage });
  const kept = useQuery({ queryKey: offlineKeys.stories, queryFn: keptStories });
  const persistent = useQuery({ queryKey: offlineKeys.persistent, queryFn: storageIsPersistent });
  const [progress, setProgress] = useState<(KeepingProgress & { title: string }) | null>(null);

  const change = useAlertingMutation({
    mutationFn: async (next: KeptStories) => {
      await setKeptStories(next);
      queryClient.setQueryData(offlineKeys.stories, next);
      const newlyKept = (stories.data ?? []).filter(
        (story) => isKept(next, story.story_id) && !isKept(kept.data, story.story_id),
      );
      if (newlyKept.length > 0) await askToKeepStorage();
      for (const story of newlyKept) {
        await keepStoryOffline(story.story_id, (step) => setProgress({ ...step, title: story.title }));
      }
    },
    failureLog: 'Keeping a story offline failed.',
    failureAlert: KEEP_FAILED_ALERT,
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: offlineKeys.all });
    },
  });

  const all = kept.data?.all ?? false;
  const toggleStory = (storyId: string, on: boolean) => {
    const current = kept.data && !kept.data.all ? kept.data.storyIds : [];
    const storyIds = on ? [...current, storyId] : current.filter((id) => id !== storyId);
    change.mutate({ all: false, storyIds });
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="offline-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id="offline-heading" sx={{ mb: 1 }}>
        Offline
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Loreweaver keeps what you open on this device, so it opens without the network: your story list, each
        story&apos;s chapters and associations, and the text of the chapters you opened in the last{' '}
        {KEPT_DAYS} days. What you type offline is saved once you are back online.
      </Typography>
      {usage.data && (
        <Typography sx={{ mb: 1 }} data-testid="offline-usage">
          Kept on this device: {megabytes(usage.data.bytes)} of {megabytes(KEPT_BOUND_BYTES)} (
          {usage.data.chapters} {usage.data.chapters === 1 ? 'chapter' : 'chapters'}).
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {persistent.data
          ? 'This browser keeps it until you clear it.'
          : 'This browser may clear it when the device runs short of space; keeping a story offline asks it not to.'}
      </Typography>
      <FormLabel component="legend" id="keep-offline-label">
        Keep offline
      </FormLabel>
      <FormGroup aria-labelledby="keep-offline-label">
        <FormControlLabel
          control={
            <Switch
              checked={all}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ all: event.target.checked, storyIds: [] })}
            />
          }
          label="All my stories"
        />
        {(stories.data ?? []).map((story) => (
          <FormControlLabel
            key={story.story_id}
            control={
              <Switch
                checked={isKept(kept.data, story.story_id)}
                disabled={change.isPending || all}
                onChange={(event) => toggleStory(story.story_id, event.target.checked)}
              />
            }
            label={story.title}
          />
        ))}
      </FormGroup>
      {progress && (
        <div role="status">
          <Typography sx={{ mt: 1 }}>
            Keeping “{progress.title}”: {progress.done} of {progress.total} chapters
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress.total === 0 ? 100 : (progress.done / progress.total) * 100}
            aria-label="Keeping offline"
          />
        </div>
      )}
    </Paper>
  );
}

function isKept(kept: KeptStories | undefined, storyId: string): boolean {
  return kept !== undefined && (kept.all || kept.storyIds.includes(storyId));
}
