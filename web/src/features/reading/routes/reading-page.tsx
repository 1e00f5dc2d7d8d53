import ArrowBack from '@mui/icons-material/ArrowBack';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import MenuBook from '@mui/icons-material/MenuBook';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { anchorOf } from '../../../../../shared/anchoring';
import { paragraphText, parseParagraphChunk } from '../../../../../shared/paragraph-text';
import type { CommentThread } from '../../../../../shared/schemas/review';
import { fetchChapterBlocks } from '../../../api/chapter-content';
import {
  commentsQuery,
  createComment,
  createSuggestion,
  markCommentsSeen,
  readingPositionsQuery,
  reviewKeys,
  suggestionsQuery,
} from '../../../api/review';
import { storyQuery } from '../../../api/stories';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths, storyAddressParameters } from '../../../config/paths';
import { FONT_OPTIONS } from '../../../editor/manuscript-typography';
import { ApiError } from '../../../lib/api-client';
import { AnnotationDialog, type AnnotationKind } from '../components/annotation-dialog';
import { ChapterList } from '../components/chapter-list';
import { CommentsPanel } from '../components/comments-panel';
import { ReadOnlyParagraph } from '../components/read-only-paragraph';
import { SelectionActions } from '../components/selection-actions';
import {
  ACTIVE_COMMENT_HIGHLIGHT,
  COMMENT_HIGHLIGHT,
  clearCommentHighlights,
  showCommentHighlights,
} from '../comment-highlights';
import { paragraphElement, READING_TOP_INSET, useReadingPosition } from '../hooks/use-reading-position';
import { rangeOfOffsets, type ParagraphSelection } from '../text-offsets';

const ROLE_LABELS = { author: 'Author', reader: 'Reader', editor: 'Editor' } as const;

/** A chapter's stored paragraphs with their visible text; a chapter not written yet has none. */
async function readChapter(storyId: string, chapterId: string) {
  try {
    const blocks = await fetchChapterBlocks(storyId, chapterId, { background: false });
    return blocks.flatMap((block) => {
      const paragraph = parseParagraphChunk(block.chunk);
      return paragraph ? [{ keyId: block.keyId, paragraph, text: paragraphText(paragraph).text }] : [];
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 501)) return [];
    throw error;
  }
}

const highlightStyles = (theme: Theme) => ({
  [`::highlight(${COMMENT_HIGHLIGHT})`]: {
    backgroundColor: `rgba(${theme.vars.palette.warning.mainChannel} / 0.28)`,
  },
  [`::highlight(${ACTIVE_COMMENT_HIGHLIGHT})`]: {
    backgroundColor: `rgba(${theme.vars.palette.warning.mainChannel} / 0.6)`,
  },
});

interface PendingAnnotation {
  kind: AnnotationKind;
  selection: ParagraphSelection;
}

/**
 * Issue 24 §2–§3, /read/{storyId}: a shared story as a book, chapter by chapter, remembering where I stopped;
 * words selected to comment on (or, an editor, to suggest a change to), and my threads beside the text.
 */
export function ReadingPage() {
  const { storyId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const queryClient = useQueryClient();

  const story = useQuery(storyQuery(storyId));
  const positions = useQuery({ ...readingPositionsQuery(storyId), staleTime: Infinity });
  const chapters = useMemo(
    () => [...(story.data?.chapters ?? [])].sort((a, b) => a.place - b.place),
    [story.data],
  );
  const newestPosition = positions.data?.reduce<(typeof positions.data)[number] | undefined>(
    (newest, position) =>
      chapters.some((chapter) => chapter.id === position.chapter_id) &&
      (!newest || position.updated_at > newest.updated_at)
        ? position
        : newest,
    undefined,
  );
  const asked = searchParams.get(storyAddressParameters.chapter);
  const chapterId =
    chapters.find((chapter) => chapter.id === asked)?.id ?? newestPosition?.chapter_id ?? chapters[0]?.id;
  const chapter = chapters.find((candidate) => candidate.id === chapterId);
  const role = story.data?.review?.role ?? 'reader';

  const content = useQuery({
    queryKey: ['reading-chapter', storyId, chapterId],
    queryFn: () => readChapter(storyId, chapterId!),
    enabled: chapterId !== undefined,
  });
  const threads = useQuery({ ...commentsQuery(storyId, chapterId ?? ''), enabled: chapterId !== undefined });
  const suggestions = useQuery({
    ...suggestionsQuery(storyId, chapterId ?? ''),
    enabled: chapterId !== undefined && role === 'editor',
  });

  const [article, setArticle] = useState<HTMLElement | null>(null);
  const [chaptersOpen, setChaptersOpen] = useState(false);
  const [commentsDrawerOpen, setCommentsDrawerOpen] = useState(false);
  const [activeThreadId, setActiveThreadId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingAnnotation | null>(null);

  const savedKeyId = positions.data?.find((position) => position.chapter_id === chapterId)?.key_id;
  useReadingPosition(storyId, chapterId ?? '', article, savedKeyId);

  const commentsShown = wide || commentsDrawerOpen;
  useEffect(() => {
    if (!commentsShown) return;
    markCommentsSeen(storyId).then(
      () => queryClient.invalidateQueries({ queryKey: reviewKeys.sharedWithMe }),
      () => {
        // Unread counts stay as they were; nothing the reader needs to hear about.
      },
    );
  }, [commentsShown, storyId, queryClient]);

  useEffect(() => {
    if (!article) return;
    const ranges: Range[] = [];
    let active: Range | null = null;
    for (const thread of threads.data ?? []) {
      if (thread.resolved || thread.state === 'detached') continue;
      const element = paragraphElement(article, thread.anchor.key_id);
      const range = element && rangeOfOffsets(element, thread.anchor.start, thread.anchor.end);
      if (!range) continue;
      ranges.push(range);
      if (thread.comment_id === activeThreadId) active = range;
    }
    showCommentHighlights(ranges, active);
  }, [article, threads.data, activeThreadId]);
  useEffect(() => clearCommentHighlights, []);

  const annotate = useMutation({
    mutationFn: async ({ kind, selection, text }: PendingAnnotation & { text: string }) => {
      const paragraph = content.data?.find((candidate) => candidate.keyId === selection.keyId);
      if (!paragraph || chapterId === undefined) throw new Error('These words are no longer in the chapter.');
      const anchor = anchorOf(
        { key_id: paragraph.keyId, text: paragraph.text },
        selection.start,
        selection.end,
      );
      if (kind === 'comment') {
        const thread = await createComment(storyId, { chapter_id: chapterId, anchor, body: text });
        setActiveThreadId(thread.comment_id);
        await queryClient.invalidateQueries({ queryKey: reviewKeys.comments(storyId, chapterId) });
      } else {
        await createSuggestion(storyId, { chapter_id: chapterId, anchor, replacement: text });
        await queryClient.invalidateQueries({ queryKey: reviewKeys.suggestions(storyId, chapterId) });
      }
    },
    onSuccess: () => {
      setPending(null);
      document.getSelection()?.removeAllRanges();
    },
  });

  const showThread = (thread: CommentThread) => {
    setActiveThreadId(thread.comment_id);
    setCommentsDrawerOpen(false);
    const element = article && paragraphElement(article, thread.anchor.key_id);
    if (!element) return;
    const range = rangeOfOffsets(element, thread.anchor.start, thread.anchor.end);
    const top = (range ?? element).getBoundingClientRect().top;
    window.scrollTo({
      top: top + window.scrollY - READING_TOP_INSET - window.innerHeight / 4,
      behavior: 'smooth',
    });
  };

  if (story.error) {
    return (
      <PageLayout title="Story">
        <Stack spacing={3} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
          <Alert severity="warning">{story.error.message}</Alert>
          <Button component={RouterLink} to={paths.stories.getHref()} variant="contained">
            Go to my stories
          </Button>
        </Stack>
      </PageLayout>
    );
  }
  if (!story.data || positions.isPending) return null;

  const threadCount = threads.data?.filter((thread) => !thread.resolved).length ?? 0;
  const comments = (
    <CommentsPanel
      storyId={storyId}
      threads={threads.data ?? []}
      suggestions={role === 'editor' ? suggestions.data : undefined}
      activeThreadId={activeThreadId}
      onShowThread={showThread}
    />
  );
  const pendingQuote =
    pending === null
      ? undefined
      : content.data
          ?.find((paragraph) => paragraph.keyId === pending.selection.keyId)
          ?.text.slice(pending.selection.start, pending.selection.end);

  return (
    <PageLayout title={story.data.title}>
      <GlobalStyles styles={highlightStyles} />
      <Box component="header" sx={{ mb: { xs: 2, sm: 4 } }}>
        <Button
          component={RouterLink}
          to={paths.stories.getHref()}
          startIcon={<ArrowBack />}
          size="small"
          sx={{ ml: -1, mb: 1 }}
        >
          Your stories
        </Button>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {story.data.title}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {story.data.review?.author_name !== undefined && (
            <Typography color="text.secondary">by {story.data.review.author_name}</Typography>
          )}
          <Chip size="small" variant="outlined" label={ROLE_LABELS[role]} />
        </Stack>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: '200px minmax(0, 1fr)',
            lg: '200px minmax(0, 1fr) 300px',
          },
          gap: { md: 4 },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{
            display: { xs: 'none', md: 'block' },
            position: 'sticky',
            top: READING_TOP_INSET,
            maxHeight: `calc(100dvh - ${READING_TOP_INSET}px)`,
            overflowY: 'auto',
          }}
        >
          {chapterId !== undefined && (
            <ChapterList storyId={storyId} chapters={chapters} currentId={chapterId} />
          )}
        </Box>

        <Box sx={{ minWidth: 0, pb: { xs: 8, lg: 0 } }}>
          {chapter && (
            <Typography
              variant="h5"
              component="h2"
              sx={{ maxWidth: '65ch', mx: 'auto', mb: 3, fontFamily: FONT_OPTIONS.serif.family }}
            >
              {chapter.title}
            </Typography>
          )}
          {content.error && <Alert severity="error">{content.error.message}</Alert>}
          {content.data?.length === 0 && (
            <Typography color="text.secondary" sx={{ maxWidth: '65ch', mx: 'auto' }}>
              Nothing is written in this chapter yet.
            </Typography>
          )}
          {content.data && content.data.length > 0 && (
            <Box
              component="article"
              key={chapterId}
              ref={setArticle}
              aria-label={chapter?.title}
              sx={{
                maxWidth: '65ch',
                mx: 'auto',
                fontFamily: FONT_OPTIONS.serif.family,
                fontSize: { xs: '1.0625rem', sm: '1.1875rem' },
                lineHeight: 1.7,
                color: 'text.primary',
                hyphens: 'auto',
                overflowWrap: 'break-word',
                '& p': { m: 0, mb: '0.9em', whiteSpace: 'pre-wrap', tabSize: 4 },
              }}
            >
              {content.data.map(({ keyId, paragraph }) => (
                <ReadOnlyParagraph key={keyId} keyId={keyId} paragraph={paragraph} />
              ))}
            </Box>
          )}
        </Box>

        {wide && (
          <Box
            component="aside"
            aria-label="Comments"
            sx={{
              position: 'sticky',
              top: READING_TOP_INSET,
              maxHeight: `calc(100dvh - ${READING_TOP_INSET}px)`,
              overflowY: 'auto',
              pb: 2,
            }}
          >
            {comments}
          </Box>
        )}
      </Box>

      {/* Narrower screens: the chapters and comments at hand from anywhere in the chapter, under the thumb. */}
      <Paper
        elevation={4}
        sx={{
          display: { xs: 'flex', lg: 'none' },
          position: 'fixed',
          right: 16,
          bottom: 'calc(16px + env(safe-area-inset-bottom))',
          zIndex: (theme) => theme.zIndex.appBar,
          gap: 0.5,
          p: 0.5,
          borderRadius: 6,
        }}
      >
        <Button
          size="small"
          startIcon={<MenuBook />}
          onClick={() => setChaptersOpen(true)}
          sx={{ display: { md: 'none' }, borderRadius: 5, px: 1.5 }}
        >
          Chapters
        </Button>
        <Button
          size="small"
          startIcon={
            <Badge badgeContent={threadCount} color="primary">
              <ChatBubbleOutline />
            </Badge>
          }
          onClick={() => setCommentsDrawerOpen(true)}
          sx={{ borderRadius: 5, px: 1.5 }}
        >
          Comments
        </Button>
      </Paper>
      {article && (
        <SelectionActions
          article={article}
          canSuggest={role === 'editor'}
          onComment={(selection) => {
            annotate.reset();
            setPending({ kind: 'comment', selection });
          }}
          onSuggest={(selection) => {
            annotate.reset();
            setPending({ kind: 'suggestion', selection });
          }}
        />
      )}
      {pending && pendingQuote !== undefined && (
        <AnnotationDialog
          kind={pending.kind}
          quote={pendingQuote}
          saving={annotate.isPending}
          error={annotate.error?.message ?? null}
          onSave={(text) => annotate.mutate({ ...pending, text })}
          onClose={() => setPending(null)}
        />
      )}
      <Drawer anchor="left" open={chaptersOpen} onClose={() => setChaptersOpen(false)}>
        <Box sx={{ width: 280, p: 1 }}>
          <Typography variant="h6" component="h2" sx={{ px: 1, pt: 1 }}>
            Chapters
          </Typography>
          {chapterId !== undefined && (
            <ChapterList
              storyId={storyId}
              chapters={chapters}
              currentId={chapterId}
              onPick={() => setChaptersOpen(false)}
            />
          )}
        </Box>
      </Drawer>
      {!wide && (
        <Drawer
          anchor="bottom"
          open={commentsDrawerOpen}
          onClose={() => setCommentsDrawerOpen(false)}
          slotProps={{
            paper: { sx: { maxHeight: '80dvh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } },
          }}
        >
          {comments}
        </Drawer>
      )}
    </PageLayout>
  );
}
