import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommentThread, Suggestion } from '../../../../../shared/schemas/review';
import { deleteComment, replyToComment, reviewKeys, updateComment } from '../../../api/review';
import { fingerSizedButtons } from '../../../lib/coarse-pointer';
import { Quote } from './quote';

const STATUS_LABELS: Record<Suggestion['status'], string> = {
  open: 'Open',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

type ThreadAction =
  { kind: 'reply'; body: string } | { kind: 'resolve'; resolved: boolean } | { kind: 'delete' };

function Thread({
  storyId,
  thread,
  active,
  onShow,
}: {
  storyId: string;
  thread: CommentThread;
  active: boolean;
  onShow?: () => void;
}) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const action = useMutation({
    mutationFn: async (change: ThreadAction) => {
      if (change.kind === 'reply') await replyToComment(storyId, thread.comment_id, change.body);
      else if (change.kind === 'resolve')
        await updateComment(storyId, thread.comment_id, { resolved: change.resolved });
      else await deleteComment(storyId, thread.comment_id);
    },
    onSuccess: async (_, change) => {
      if (change.kind === 'reply') setReply('');
      await queryClient.invalidateQueries({ queryKey: reviewKeys.comments(storyId, thread.chapter_id) });
    },
  });

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Comment by ${thread.author.name}`}
      sx={{
        listStyle: 'none',
        p: 1.5,
        borderRadius: 2,
        borderColor: active ? 'primary.main' : 'divider',
        opacity: thread.resolved ? 0.7 : 1,
      }}
    >
      <Stack spacing={1}>
        <Quote text={thread.anchor.exact} onClick={onShow} />
        <Box>
          <Typography variant="subtitle2" component="p">
            {thread.author.name}
            {thread.resolved && <Chip size="small" label="Resolved" sx={{ ml: 1 }} />}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {thread.body}
          </Typography>
        </Box>
        {thread.replies.map((answer) => (
          <Box key={answer.reply_id} sx={{ pl: 1.5, borderLeft: 2, borderColor: 'divider' }}>
            <Typography variant="subtitle2" component="p">
              {answer.author.name}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {answer.body}
            </Typography>
          </Box>
        ))}
        {action.error && <Alert severity="error">{action.error.message}</Alert>}
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim() !== '') action.mutate({ kind: 'reply', body: reply });
          }}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            fullWidth
            multiline
            maxRows={4}
            placeholder="Reply"
            slotProps={{ htmlInput: { 'aria-label': 'Reply' } }}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
          <Button type="submit" disabled={reply.trim() === '' || action.isPending}>
            Reply
          </Button>
        </Box>
        {thread.mine && (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'resolve', resolved: !thread.resolved })}
            >
              {thread.resolved ? 'Reopen' : 'Resolve'}
            </Button>
            <Button
              size="small"
              color="error"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'delete' })}
            >
              Delete
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function SuggestionItem({ suggestion }: { suggestion: Suggestion }) {
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 1.5, borderRadius: 2 }}>
      <Stack spacing={1}>
        <Quote text={suggestion.anchor.exact} />
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {suggestion.replacement === '' ? (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              Delete these words
            </Box>
          ) : (
            <>→ {suggestion.replacement}</>
          )}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Chip size="small" label={STATUS_LABELS[suggestion.status]} />
          {suggestion.outdated && <Chip size="small" color="warning" label="Outdated" />}
        </Stack>
      </Stack>
    </Paper>
  );
}

const listSx = { m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 } as const;

/**
 * Issue 24 §3: my threads on this chapter in text order, each with its quote (which scrolls to the words),
 * replies and a reply box; threads whose words are gone listed last; an editor's suggestions after them.
 */
export function CommentsPanel({
  storyId,
  threads,
  suggestions,
  activeThreadId,
  onShowThread,
}: {
  storyId: string;
  threads: readonly CommentThread[];
  suggestions: readonly Suggestion[] | undefined;
  activeThreadId: string | null;
  onShowThread: (thread: CommentThread) => void;
}) {
  const placed = threads.filter((thread) => thread.state !== 'detached');
  const detached = threads.filter((thread) => thread.state === 'detached');
  return (
    <Stack spacing={2} sx={{ p: { xs: 2, lg: 0 }, ...fingerSizedButtons }}>
      <Typography variant="h6" component="h2">
        Comments
      </Typography>
      {threads.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Select words in the text to comment on them.
        </Typography>
      )}
      {placed.length > 0 && (
        <Box component="ul" sx={listSx}>
          {placed.map((thread) => (
            <Thread
              key={thread.comment_id}
              storyId={storyId}
              thread={thread}
              active={thread.comment_id === activeThreadId}
              onShow={() => onShowThread(thread)}
            />
          ))}
        </Box>
      )}
      {detached.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" color="text.secondary">
            Their words were changed or removed
          </Typography>
          <Box component="ul" sx={listSx}>
            {detached.map((thread) => (
              <Thread key={thread.comment_id} storyId={storyId} thread={thread} active={false} />
            ))}
          </Box>
        </>
      )}
      {suggestions && suggestions.length > 0 && (
        <>
          <Typography variant="h6" component="h2">
            Your suggestions
          </Typography>
          <Box component="ul" sx={listSx}>
            {suggestions.map((suggestion) => (
              <SuggestionItem key={suggestion.suggestion_id} suggestion={suggestion} />
            ))}
          </Box>
        </>
      )}
    </Stack>
  );
}
