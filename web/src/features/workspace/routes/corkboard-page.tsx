import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { sectionOfChapter } from '../../../../../shared/outline';
import { CHAPTER_STAGES, type Chapter, type ChapterStage } from '../../../../../shared/schemas/chapter';
import { PageLayout } from '../../../components/layouts/page-layout';
import { CorkboardCard } from '../components/corkboard-card';
import { useStoredWordCounts, useWorkspaceStory, type WorkspaceStory } from '../hooks/use-workspace-data';
import { useReorderChapters, useUpdateChapterNotes } from '../hooks/use-workspace-mutations';
import { STAGE_LABELS } from '../utils/chapter-stages';
import { moved } from '../utils/chapter-order';
import { BackToManuscriptLink } from '../../../components/back-to-manuscript/back-to-manuscript-link';

/** The stage filter: every card, the cards at one stage, or the cards with none. */
type StageFilter = 'all' | ChapterStage | 'none';

const shownBy = (filter: StageFilter) => (chapter: Chapter) =>
  filter === 'all' || (filter === 'none' ? chapter.stage === null : chapter.stage === filter);

/** Issue 28 /stories/{storyId}/corkboard: the story's chapters as index cards. */
export function CorkboardPage() {
  const { storyId = '' } = useParams();
  const lookup = useWorkspaceStory(storyId);
  const back = <BackToManuscriptLink storyId={storyId} />;
  if (lookup.status !== 'loaded') {
    return (
      <PageLayout title="Corkboard">
        {back}
        {lookup.status === 'failed' && (
          <Typography sx={{ mt: 2 }}>
            {lookup.notFound ? 'This story does not exist.' : 'The story could not be read.'}
          </Typography>
        )}
      </PageLayout>
    );
  }
  return <Corkboard story={lookup.story} back={back} />;
}

function Corkboard({ story, back }: { story: WorkspaceStory; back: ReactNode }) {
  const storyId = story.story_id;
  const { chapters } = story;
  const column = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [filter, setFilter] = useState<StageFilter>('all');
  const wordCounts = useStoredWordCounts(storyId);
  const reorderChapters = useReorderChapters(storyId);
  const updateNotes = useUpdateChapterNotes(storyId);
  const shown = chapters.filter(shownBy(filter));

  /** The chapter takes the place of `target` in the whole list (the filter hides cards, not places). */
  const move = (chapterId: string, target: Chapter) => {
    const from = chapters.findIndex((chapter) => chapter.id === chapterId);
    const to = chapters.indexOf(target);
    if (from !== -1 && from !== to) reorderChapters(chapters, moved(chapters, from, to));
  };

  return (
    <PageLayout title={`Corkboard · ${story.title}`}>
      <Stack spacing={3} sx={{ pb: 6 }}>
        <Stack spacing={1}>
          {back}
          <Typography variant="h4" component="h1">
            Corkboard
          </Typography>
          <Typography color="text.secondary">{story.title}</Typography>
        </Stack>
        <TextField
          select
          size="small"
          label="Show"
          value={filter}
          onChange={(event) => setFilter(event.target.value as StageFilter)}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': 'Show stage' } }}
          sx={{ maxWidth: { sm: 240 } }}
        >
          <option value="all">All stages</option>
          {CHAPTER_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
          <option value="none">No stage</option>
        </TextField>
        {shown.length === 0 ? (
          <Typography color="text.secondary">No chapter is at this stage.</Typography>
        ) : (
          <Box
            component="ol"
            aria-label="Chapter cards"
            sx={{
              display: 'grid',
              gridTemplateColumns: column ? '1fr' : 'repeat(auto-fill, minmax(260px, 1fr))',
              gap: 2,
              m: 0,
              p: 0,
            }}
          >
            {shown.map((chapter, index) => (
              <CorkboardCard
                key={chapter.id}
                chapter={chapter}
                section={sectionOfChapter(story.outline ?? [], chapter.id)}
                words={wordCounts?.get(chapter.id)}
                column={column}
                canMoveEarlier={index > 0}
                canMoveLater={index < shown.length - 1}
                onMove={(direction) => move(chapter.id, shown[index + direction]!)}
                onDropCard={(chapterId) => move(chapterId, chapter)}
                onSynopsisChange={(synopsis) => updateNotes(chapter, { synopsis })}
                onStageChange={(stage) => updateNotes(chapter, { stage })}
              />
            ))}
          </Box>
        )}
      </Stack>
    </PageLayout>
  );
}
