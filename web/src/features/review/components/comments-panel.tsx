import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode, type RefObject } from 'react';
import type { TextAnchor } from '../../../../../shared/anchoring';
import type { CommentThread, Suggestion } from '../../../../../shared/schemas/review';
import { COMMENT_BODY_MAX_LENGTH } from '../../../../../shared/validation';
import {
  createComment,
  decideSuggestion,
  deleteComment,
  replyToComment,
  reviewKeys,
  updateComment,
} from '../../../api/review';
import { WorkspaceSidePanel } from '../../../components/workspace-side-panel/workspace-side-panel';
import { fingerSizedButtons } from '../../../lib/coarse-pointer';
import type { ReviewEditorHandle } from '../../../editor/plugins/review-plugin';
import { ImportWordComments } from './import-word-comments';

interface CommentsPanelProps {
  open: boolean;
  onClose: () => void;
  docked: boolean;
  storyId: string;
  chapterId: string;
  chapterTitle: string;
  threads: readonly CommentThread[];
  suggestions: readonly Suggestion[];
  /** Words the author selected to comment on, until the comment is saved or dropped. */
  newCommentAnchor: TextAnchor | null;
  onNewCommentDone: () => void;
  chosenId: string | undefined;
  onChoose: (id: string | undefined) => void;
  editor: RefObject<ReviewEditorHandle | null>;
}

/** A quote as the panel shows it: the commented words, shortened. */
function Quote({ anchor, struck = false }: { anchor: TextAnchor; struck?: boolean }) {
  const words = anchor.exact.length > 140 ? `${anchor.exact.slice(0, 140)}…` : anchor.exact;
  return (
    <Typography
      variant="body2"
      sx={{
        fontStyle: 'italic',
        color: 'text.secondary',
        borderLeft: 3,
        borderColor: struck ? 'error.main' : 'warning.main',
        pl: 1,
        textDecoration: struck ? 'line-through' : 'none',
        overflowWrap: 'anywhere',
      }}
    >
      {words || '(an insertion point)'}
    </Typography>
  );
}

const bodyField = { htmlInput: { maxLength: COMMENT_BODY_MAX_LENGTH } };

/**
 * Issue 24 §3–4 in the author's workspace: the open chapter's comment threads (open or resolved) and the
 * editors' suggestions. The author replies, resolves and deletes; accepts a suggestion (made in the text, saved
 * by autosave) or rejects it; and writes notes to self on selected words.
 */
export function CommentsPanel(props: CommentsPanelProps) {
  const { open, onClose, docked, storyId, chapterId, chapterTitle, threads, suggestions, editor } = props;
  const queryClient = useQueryClient();
  const [showResolved, setShowResolved] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.comments(storyId, chapterId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.suggestions(storyId, chapterId) }),
    ]);
  const failed = (error: Error) => setProblem(error.message);
  const addComment = useMutation({
    mutationFn: (anchor: TextAnchor) =>
      createComment(storyId, { chapter_id: chapterId, anchor, body: draft }),
    onSuccess: async () => {
      setDraft('');
      setShowResolved(false);
      props.onNewCommentDone();
      await refresh();
    },
    onError: failed,
  });
  const decide = useMutation({
    mutationFn: async ({
      suggestion,
      decision,
    }: {
      suggestion: Suggestion;
      decision: 'accept' | 'reject';
    }) => {
      await decideSuggestion(storyId, suggestion.suggestion_id, decision);
      if (
        decision === 'accept' &&
        !editor.current?.applySuggestion(suggestion.anchor, suggestion.replacement)
      ) {
        throw new Error('Accepted, but its words changed in your editor meanwhile: make the change by hand.');
      }
    },
    onSettled: () => refresh(),
    onError: failed,
  });
  const openSuggestions = suggestions.filter((suggestion) => suggestion.status === 'open');
  const shown = threads.filter((thread) => thread.resolved === showResolved);
  const placed = shown.filter((thread) => thread.state !== 'detached');
  const detached = shown.filter((thread) => thread.state === 'detached');

  const acceptAll = async () => {
    for (const suggestion of openSuggestions.filter((candidate) => !candidate.outdated)) {
      await decide.mutateAsync({ suggestion, decision: 'accept' }).catch(() => undefined);
    }
  };

  return (
    <WorkspaceSidePanel
      open={open}
      onClose={onClose}
      docked={docked}
      title="Comments"
      closeLabel="Close comments"
      overline={chapterTitle}
      closeOnEscape
    >
      <Stack spacing={2} sx={{ p: 2, ...fingerSizedButtons }}>
        {problem && (
          <Alert severity="error" onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        )}
        {props.newCommentAnchor && (
          <Stack
            spacing={1}
            component="form"
            aria-label="New comment"
            onSubmit={(event) => {
              event.preventDefault();
              if (props.newCommentAnchor && draft.trim()) addComment.mutate(props.newCommentAnchor);
            }}
          >
            <Quote anchor={props.newCommentAnchor} />
            <TextField
              label="Comment"
              multiline
              minRows={2}
              autoFocus
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              slotProps={bodyField}
              helperText="Only you see a comment you write here, unless a collaborator replies."
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={!draft.trim() || addComment.isPending}>
                Comment
              </Button>
              <Button
                onClick={() => {
                  setDraft('');
                  props.onNewCommentDone();
                }}
              >
                Cancel
              </Button>
            </Stack>
          </Stack>
        )}
        {openSuggestions.length > 0 && (
          <Stack spacing={1.5} component="section" aria-label="Suggestions">
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2" component="h3">
                Suggestions ({openSuggestions.length})
              </Typography>
              {openSuggestions.length > 1 && (
                <Button size="small" onClick={() => void acceptAll()} disabled={decide.isPending}>
                  Accept all
                </Button>
              )}
            </Stack>
            {openSuggestions.map((suggestion) => (
              <SuggestionCard
                key={suggestion.suggestion_id}
                suggestion={suggestion}
                chosen={props.chosenId === suggestion.suggestion_id}
                busy={decide.isPending}
                onShow={() => {
                  props.onChoose(suggestion.suggestion_id);
                  editor.current?.reveal(suggestion.anchor);
                }}
                onDecide={(decision) => decide.mutate({ suggestion, decision })}
              />
            ))}
          </Stack>
        )}
        <ImportWordComments storyId={storyId} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={showResolved ? 'resolved' : 'open'}
          onChange={(_event, value: string | null) => value && setShowResolved(value === 'resolved')}
          aria-label="Which comments"
        >
          <ToggleButton value="open">Open</ToggleButton>
          <ToggleButton value="resolved">Resolved</ToggleButton>
        </ToggleButtonGroup>
        {shown.length === 0 && (
          <Typography color="text.secondary">
            {showResolved
              ? 'No resolved comments in this chapter.'
              : 'No comments in this chapter. Select words and choose Comment to add one.'}
          </Typography>
        )}
        {placed.map((thread) => (
          <ThreadCard
            key={thread.comment_id}
            storyId={storyId}
            thread={thread}
            chosen={props.chosenId === thread.comment_id}
            onShow={() => {
              props.onChoose(thread.comment_id);
              editor.current?.reveal(thread.anchor);
            }}
            onChanged={() => void refresh()}
            onFailed={failed}
          />
        ))}
        {detached.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3">
              Their words were changed or removed
            </Typography>
            {detached.map((thread) => (
              <ThreadCard
                key={thread.comment_id}
                storyId={storyId}
                thread={thread}
                chosen={false}
                onChanged={() => void refresh()}
                onFailed={failed}
              />
            ))}
          </>
        )}
      </Stack>
    </WorkspaceSidePanel>
  );
}

interface SuggestionCardProps {
  suggestion: Suggestion;
  chosen: boolean;
  busy: boolean;
  onShow: () => void;
  onDecide: (decision: 'accept' | 'reject') => void;
}

function SuggestionCard({ suggestion, chosen, busy, onShow, onDecide }: SuggestionCardProps) {
  const inserting = suggestion.anchor.exact === '';
  return (
    <ReviewCard
      label={`Suggestion by ${suggestion.author.name}`}
      writer={suggestion.author.name}
      chip={suggestion.outdated && <Chip size="small" color="warning" label="Outdated" />}
      chosen={chosen}
      onShow={onShow}
      quote={!inserting && <Quote anchor={suggestion.anchor} struck />}
    >
      <Typography variant="body2" sx={{ color: 'success.main', overflowWrap: 'anywhere' }}>
        {suggestion.replacement === ''
          ? 'Delete these words'
          : `${inserting ? 'Insert' : 'Replace with'}: ${suggestion.replacement}`}
      </Typography>
      {suggestion.outdated && (
        <Typography variant="caption" color="text.secondary">
          The text changed since it was suggested. Read it again before deciding.
        </Typography>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={busy || suggestion.outdated}
          onClick={() => onDecide('accept')}
        >
          Accept
        </Button>
        <Button size="small" disabled={busy} onClick={() => onDecide('reject')}>
          Reject
        </Button>
      </Stack>
    </ReviewCard>
  );
}

interface ThreadCardProps {
  storyId: string;
  thread: CommentThread;
  chosen: boolean;
  onShow?: () => void;
  onChanged: () => void;
  onFailed: (error: Error) => void;
}

function ThreadCard({ storyId, thread, chosen, onShow, onChanged, onFailed }: ThreadCardProps) {
  const [reply, setReply] = useState('');
  const sendReply = useMutation({
    mutationFn: () => replyToComment(storyId, thread.comment_id, reply),
    onSuccess: () => {
      setReply('');
      onChanged();
    },
    onError: onFailed,
  });
  const resolve = useMutation({
    mutationFn: () => updateComment(storyId, thread.comment_id, { resolved: !thread.resolved }),
    onSuccess: onChanged,
    onError: onFailed,
  });
  const remove = useMutation({
    mutationFn: () => deleteComment(storyId, thread.comment_id),
    onSuccess: onChanged,
    onError: onFailed,
  });

  return (
    <ReviewCard
      label={`Comment by ${thread.author.name}`}
      writer={thread.author.name}
      chip={thread.private && <Chip size="small" label="Note to self" />}
      chosen={chosen}
      {...(onShow ? { onShow } : {})}
      quote={<Quote anchor={thread.anchor} />}
    >
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {thread.body}
      </Typography>
      {thread.replies.map((item) => (
        <Box key={item.reply_id} sx={{ pl: 1.5, borderLeft: 1, borderColor: 'divider' }}>
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {item.author.name}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.body}
          </Typography>
        </Box>
      ))}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={(event) => {
          event.preventDefault();
          if (reply.trim()) sendReply.mutate();
        }}
      >
        <TextField
          size="small"
          placeholder="Reply"
          value={reply}
          onChange={(event) => setReply(event.target.value)}
          slotProps={{ htmlInput: { maxLength: COMMENT_BODY_MAX_LENGTH, 'aria-label': 'Reply' } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" size="small" disabled={!reply.trim() || sendReply.isPending}>
          Reply
        </Button>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => resolve.mutate()} disabled={resolve.isPending}>
          {thread.resolved ? 'Reopen' : 'Resolve'}
        </Button>
        <Button size="small" color="error" onClick={() => remove.mutate()} disabled={remove.isPending}>
          Delete
        </Button>
      </Stack>
    </ReviewCard>
  );
}

interface ReviewCardProps {
  label: string;
  writer: string;
  chip: ReactNode;
  chosen: boolean;
  /** Clicking the quote selects its words in the text; none for a thread whose words are gone. */
  onShow?: () => void;
  quote: ReactNode;
  children: ReactNode;
}

/** A thread's or a suggestion's card: who wrote it, the words it is about, then what it says. */
function ReviewCard({ label, writer, chip, chosen, onShow, quote, children }: ReviewCardProps) {
  return (
    <Box
      component="article"
      aria-label={label}
      sx={{ p: 1.5, border: 1, borderColor: chosen ? 'warning.main' : 'divider', borderRadius: 2 }}
    >
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {writer}
          </Typography>
          {chip}
        </Stack>
        <Box
          role={onShow ? 'button' : undefined}
          tabIndex={onShow ? 0 : undefined}
          onClick={onShow}
          onKeyDown={(event) => event.key === 'Enter' && onShow?.()}
          sx={{ cursor: onShow ? 'pointer' : 'default' }}
        >
          {quote}
        </Box>
        {children}
      </Stack>
    </Box>
  );
}
