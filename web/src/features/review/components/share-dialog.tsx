import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { Share, ShareRole } from '../../../../../shared/schemas/review';
import { createShare, reviewKeys, revokeShare, sharesQuery } from '../../../api/review';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';

interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  storyId: string;
  storyTitle: string;
  chapters: readonly Chapter[];
}

const ROLE_LABELS: Record<ShareRole, string> = {
  reader: 'Reader: reads and comments',
  editor: 'Editor: reads, comments and suggests changes',
};

/** How long a new link lasts, in days; 0 never ends. */
const LIFETIMES = [
  { days: 0, label: 'Until I stop sharing it' },
  { days: 7, label: 'For 7 days' },
  { days: 30, label: 'For 30 days' },
];

const DAY_MS = 24 * 60 * 60 * 1000;

function describeShare(share: Share, chapters: readonly Chapter[]): string {
  const titles = share.chapters?.map(
    (chapterId) => chapters.find((chapter) => chapter.id === chapterId)?.title ?? 'a deleted chapter',
  );
  const what = titles ? titles.join(', ') : 'The whole story';
  const until = share.expires_at ? ` · until ${new Date(share.expires_at).toLocaleDateString()}` : '';
  return `${what}${until}`;
}

/**
 * Issue 24 §1: the author shares the story by a link, as a reader or an editor, all of it or some chapters, for
 * a while or until they stop; sees who joined by each link and stops sharing one at once. Readers need no
 * subscription; the author's free plan keeps one live link per story.
 */
export function ShareDialog({ open, onClose, storyId, storyTitle, chapters }: ShareDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const queryClient = useQueryClient();
  const shares = useQuery({ ...sharesQuery(storyId), enabled: open });
  const [role, setRole] = useState<ShareRole>('reader');
  const [lifetime, setLifetime] = useState(0);
  const [wholeStory, setWholeStory] = useState(true);
  const [chosenChapters, setChosenChapters] = useState<readonly string[]>([]);
  const [copied, setCopied] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.shares(storyId) });
  const create = useMutation({
    mutationFn: () =>
      createShare(storyId, {
        role,
        ...(wholeStory ? {} : { chapters: [...chosenChapters] }),
        ...(lifetime ? { expires_at: new Date(Date.now() + lifetime * DAY_MS).toISOString() } : {}),
      }),
    onSuccess: () => refresh(),
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) => revokeShare(storyId, shareId),
    onSuccess: () => refresh(),
  });
  const copy = async (share: Share) => {
    await navigator.clipboard?.writeText(share.url);
    setCopied(share.share_id);
  };
  const failure = create.error ?? revoke.error;
  const needsSubscription = failure instanceof ApiError && failure.code === 'subscription_required';

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <DialogTitle>Share “{storyTitle}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            Anyone who opens the link and signs in can read what you share, and comment. They need no
            subscription, and they never see your other stories, your notes or your Story Bible.
          </Typography>
          <TextField
            select
            label="They join as"
            value={role}
            onChange={(event) => setRole(event.target.value as ShareRole)}
          >
            {(Object.keys(ROLE_LABELS) as ShareRole[]).map((value) => (
              <MenuItem key={value} value={value}>
                {ROLE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="The link works"
            value={lifetime}
            onChange={(event) => setLifetime(Number(event.target.value))}
          >
            {LIFETIMES.map((option) => (
              <MenuItem key={option.days} value={option.days}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox checked={wholeStory} onChange={(event) => setWholeStory(event.target.checked)} />
            }
            label="The whole story, chapters I add later too"
          />
          {!wholeStory && (
            <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, pl: 2 }} aria-label="Chapters to share">
              {chapters.map((chapter) => (
                <FormControlLabel
                  key={chapter.id}
                  label={chapter.title}
                  control={
                    <Checkbox
                      checked={chosenChapters.includes(chapter.id)}
                      onChange={(event) =>
                        setChosenChapters((current) =>
                          event.target.checked
                            ? [...current, chapter.id]
                            : current.filter((chapterId) => chapterId !== chapter.id),
                        )
                      }
                    />
                  }
                />
              ))}
            </Stack>
          )}
          {failure && (
            <Alert
              severity={needsSubscription ? 'info' : 'error'}
              action={
                needsSubscription && (
                  <Button component={RouterLink} to={paths.subscribe.getHref()} color="inherit" size="small">
                    Subscribe
                  </Button>
                )
              }
            >
              {failure.message}
            </Alert>
          )}
          <Button
            variant="contained"
            onClick={() => create.mutate()}
            disabled={create.isPending || (!wholeStory && chosenChapters.length === 0)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Create link
          </Button>
          <Divider />
          <Typography variant="subtitle1" component="h3">
            Links
          </Typography>
          {shares.data?.length === 0 && (
            <Typography color="text.secondary">You are not sharing this story.</Typography>
          )}
          {shares.data?.map((share) => (
            <Stack
              key={share.share_id}
              spacing={1}
              sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {share.role === 'editor' ? 'Editor' : 'Reader'} · {describeShare(share, chapters)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  value={share.url}
                  slotProps={{ htmlInput: { readOnly: true, 'aria-label': 'Link' } }}
                  onFocus={(event) => event.target.select()}
                  sx={{ flex: 1 }}
                />
                <Tooltip title={copied === share.share_id ? 'Copied' : 'Copy link'}>
                  <IconButton aria-label="Copy link" onClick={() => void copy(share)}>
                    <ContentCopyOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {share.collaborators?.length
                  ? `Joined: ${share.collaborators.map((person) => person.name).join(', ')}`
                  : 'Nobody has joined yet.'}
              </Typography>
              <Button
                color="error"
                size="small"
                onClick={() => revoke.mutate(share.share_id)}
                disabled={revoke.isPending}
                sx={{ alignSelf: 'flex-start' }}
              >
                Stop sharing
              </Button>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
