import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { parseAliases } from '../../../../../shared/association-matcher';
import { ASSOCIATION_TYPES, type AssociationType } from '../../../../../shared/schemas/associations';
import { FREE_ASSOCIATION_LIMIT } from '../../../../../shared/validation';
import { elementSuggestionsQuery, mentionGridQuery, storyBibleKeys } from '../../../api/story-bible';
import { factsToShow, storyFactsQuery } from '../../../api/facts';
import { storyQuery } from '../../../api/stories';
import { paths } from '../../../config/paths';
import { ChapterSelect } from '../../../components/chapter-select/chapter-select';
import { PageLayout } from '../../../components/layouts/page-layout';
import { sendStoryChanges } from '../../../editor/autosave';
import { associationTypeLabel } from '../../../editor/nodes/association-node';
import { useLoadQuery } from '../../../lib/use-load-query';
import { useUser } from '../../../lib/user/user-context';
import {
  AssociationPanel,
  StoryAssociationsProvider,
  useStoryAssociations,
  type StoryTextEditing,
} from '../../associations';
import { ContinuitySection } from '../components/continuity-section';
import { ElementCards } from '../components/element-cards';
import { ElementSuggestions } from '../components/element-suggestions';
import { MentionHeatMap } from '../components/mention-heat-map';
import { RelationshipMapSection } from '../components/relationship-map-section';
import { BackToManuscriptLink } from '../../../components/back-to-manuscript/back-to-manuscript-link';

/** "Characters", "Places", ...: the groups' headings. */
const groupHeading = (type: AssociationType) => `${associationTypeLabel(type)}s`;

/** Issue 13 §1/§3: /stories/{storyId}/bible, every element of the story and where it appears. */
export function StoryBiblePage() {
  const { storyId = '' } = useParams();
  const queryClient = useQueryClient();
  // No editor is open here: the text changes at once, and the page's counts are read again after.
  const textEditing = useMemo<StoryTextEditing>(
    () => ({
      beforeTextChange: () => sendStoryChanges(storyId),
      afterTextChange: () => void queryClient.invalidateQueries({ queryKey: storyBibleKeys.all(storyId) }),
    }),
    [storyId, queryClient],
  );
  return (
    <StoryAssociationsProvider key={storyId} storyId={storyId} textEditing={textEditing}>
      <StoryBible storyId={storyId} />
      <Suspense fallback={null}>
        <AssociationPanel />
      </Suspense>
    </StoryAssociationsProvider>
  );
}

function StoryBible({ storyId }: { storyId: string }) {
  const queryClient = useQueryClient();
  const { isSubscriber } = useUser();
  const { associations, createAssociation, panel } = useStoryAssociations();
  const { data: story } = useLoadQuery(storyQuery(storyId), { what: 'the story' });
  const { data: grid } = useLoadQuery(mentionGridQuery(storyId), { what: 'the mentions' });
  const { data: suggestions } = useQuery(elementSuggestionsQuery(storyId));
  const [filter, setFilter] = useState('');
  const [chosenChapterId, setChosenChapterId] = useState<string | null>(null);
  const chapters = story?.chapters ?? [];
  // As of the last chapter unless another is chosen: the story as it stands at its end.
  const asOf = chapters.find((chapter) => chapter.id === chosenChapterId)?.id ?? chapters.at(-1)?.id;
  const { data: facts } = useQuery({ ...storyFactsQuery(storyId, asOf ?? ''), enabled: asOf !== undefined });

  const shown = useMemo(() => {
    const wanted = filter.trim().toLocaleLowerCase();
    return (associations ?? []).filter(
      (association) =>
        wanted === '' ||
        [association.association_name, ...parseAliases(association.aliases)].some((name) =>
          name.toLocaleLowerCase().includes(wanted),
        ),
    );
  }, [associations, filter]);

  const add = (name: string, type: AssociationType) =>
    void createAssociation(name, type).then(() =>
      queryClient.invalidateQueries({ queryKey: storyBibleKeys.all(storyId) }),
    );

  const title = story ? `Story Bible · ${story.title}` : 'Story Bible';
  return (
    <PageLayout title={title}>
      <Stack spacing={4} sx={{ pb: 6 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <BackToManuscriptLink storyId={storyId} />
            <Button
              component={RouterLink}
              to={paths.timeline.getHref(storyId)}
              startIcon={<TimelineOutlined />}
            >
              Timeline
            </Button>
          </Stack>
          <Typography variant="h4" component="h1">
            Story Bible
          </Typography>
          {story && <Typography color="text.secondary">{story.title}</Typography>}
          {!isSubscriber && associations && (
            <Typography variant="body2" color="text.secondary">
              {`${associations.length} of ${FREE_ASSOCIATION_LIMIT} associations used on the free plan`}
            </Typography>
          )}
        </Stack>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            sx={{ maxWidth: 360, flex: '1 1 auto' }}
            size="small"
          />
          {asOf !== undefined && (
            <ChapterSelect
              label="As of chapter"
              chapters={chapters}
              value={asOf}
              onChange={setChosenChapterId}
              sx={{ maxWidth: 360, flex: '1 1 auto' }}
            />
          )}
        </Stack>

        {associations?.length === 0 && (
          <Typography color="text.secondary">
            No associations yet. Add them from the suggestions below, or select a name in a chapter and choose
            'Add to story bible'.
          </Typography>
        )}
        {ASSOCIATION_TYPES.map((type) => {
          const group = shown.filter((association) => association.association_type === type);
          if (group.length === 0) return null;
          return (
            <Box component="section" key={type} aria-label={groupHeading(type)}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {groupHeading(type)}
              </Typography>
              <ElementCards
                storyId={storyId}
                associations={group}
                grid={grid}
                facts={facts && factsToShow(facts)}
                onOpen={panel.openAssociation}
              />
            </Box>
          );
        })}

        {grid && shown.length > 0 && (
          <Box component="section" aria-label="Where they appear">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Where they appear
            </Typography>
            <MentionHeatMap storyId={storyId} associations={shown} grid={grid} />
          </Box>
        )}

        {grid && associations && associations.length > 1 && (
          <RelationshipMapSection
            storyId={storyId}
            associations={associations}
            chapters={grid.chapters}
            isSubscriber={isSubscriber}
          />
        )}

        <Box component="section" aria-label="Continuity">
          <Typography variant="h6" component="h2">
            Continuity
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Where the text contradicts the facts and story times you recorded: a character named acting
            (outside quotation marks) after their Status says dead, at two places at once, or with an Age
            their Born date denies; a chapter set before the one before it without being a flashback.
          </Typography>
          <ContinuitySection storyId={storyId} chapters={chapters} isSubscriber={isSubscriber} />
        </Box>

        <Box component="section" aria-label="Suggested elements">
          <Typography variant="h6" component="h2">
            Suggested elements
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Names your story repeats that are not associations yet.
          </Typography>
          {suggestions ? (
            <ElementSuggestions suggestions={suggestions} onAdd={add} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              Reading your story…
            </Typography>
          )}
        </Box>
      </Stack>
    </PageLayout>
  );
}
