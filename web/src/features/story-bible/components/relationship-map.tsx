import '@xyflow/react/dist/style.css';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useColorScheme, useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MarkerType, ReactFlow, type Edge, type Node, type ReactFlowInstance } from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pairKey, relationshipsAsOf } from '../../../../../shared/relationships';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import type {
  CreateRelationshipRequest,
  Relationship,
  RelationshipSuggestion,
} from '../../../../../shared/schemas/relationships';
import type { MentionGrid } from '../../../../../shared/schemas/story-bible';
import {
  createRelationship,
  deleteRelationship,
  relationshipKeys,
  relationshipSuggestionsQuery,
  relationshipsQuery,
  updateRelationship,
} from '../../../api/relationships';
import { FloatingEdge } from './floating-edge';
import { RelationshipDialog } from './relationship-dialog';

/** The label a suggestion kept with one click gets; the author renames it from the map. */
export const KEPT_SUGGESTION_LABEL = 'knows';

const NODE_WIDTH = 120;

const edgeTypes = { floating: FloatingEdge };

export interface RelationshipMapProps {
  storyId: string;
  associations: readonly AssociationListItem[];
  chapters: MentionGrid['chapters'];
}

/** Associations on a circle, wide enough that their names do not touch. */
function circleLayout(associations: readonly AssociationListItem[]): Map<string, { x: number; y: number }> {
  const radius = Math.max(140, (associations.length * (NODE_WIDTH + 24)) / (2 * Math.PI));
  return new Map(
    associations.map((association, index) => {
      const angle = (2 * Math.PI * index) / associations.length - Math.PI / 2;
      return [association.association_id, { x: radius * Math.cos(angle), y: radius * Math.sin(angle) }];
    }),
  );
}

type Editing = { relationship: Relationship } | { draft: Partial<CreateRelationshipRequest> } | undefined;

/**
 * Issue 25 §3: the story's associations as a graph with labelled, directed edges; a chapter slider replays
 * the relationships standing at each chapter from the one list read; suggestions are dashed edges kept with one
 * click. The same relationships are listed under the graph, which is how they are edited on a phone too.
 */
export function RelationshipMap({ storyId, associations, chapters }: RelationshipMapProps) {
  const queryClient = useQueryClient();
  const theme = useTheme();
  const { colorScheme = 'light' } = useColorScheme();
  const palette = theme.colorSchemes[colorScheme]?.palette ?? theme.palette;
  const { data: list } = useQuery(relationshipsQuery(storyId));
  const { data: suggested } = useQuery(relationshipSuggestionsQuery(storyId));
  const [chapterIndex, setChapterIndex] = useState(Math.max(0, chapters.length - 1));
  const [editing, setEditing] = useState<Editing>(undefined);
  const frame = useRef<HTMLDivElement>(null);
  const flow = useRef<ReactFlowInstance<Node, Edge> | null>(null);

  // `fitView` fits the graph once, when drawn; a phone turned or a window resized fits it again.
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => void flow.current?.fitView());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: relationshipKeys.all(storyId) });
  const save = useMutation({
    mutationFn: (request: CreateRelationshipRequest) =>
      editing && 'relationship' in editing
        ? updateRelationship(storyId, editing.relationship.relationship_id, {
            label: request.label,
            reverse_label: request.reverse_label ?? null,
            from_chapter_id: request.from_chapter_id ?? null,
            ended: request.ended ?? false,
          })
        : createRelationship(storyId, request),
    onSuccess: async () => {
      setEditing(undefined);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (relationshipId: string) => deleteRelationship(storyId, relationshipId),
    onSuccess: async () => {
      setEditing(undefined);
      await refresh();
    },
  });
  const keep = useMutation({
    mutationFn: (suggestion: RelationshipSuggestion) =>
      createRelationship(storyId, { from: suggestion.from, to: suggestion.to, label: KEPT_SUGGESTION_LABEL }),
    onSuccess: refresh,
  });

  const names = useMemo(
    () =>
      new Map(associations.map((association) => [association.association_id, association.association_name])),
    [associations],
  );
  const chapter = chapters[chapterIndex];
  const standing = useMemo(() => {
    const places = new Map(chapters.map((each) => [each.chapter_id, each.place]));
    return relationshipsAsOf(list?.relationships ?? [], places, chapter?.place ?? Number.MAX_SAFE_INTEGER);
  }, [list, chapters, chapter]);
  const related = useMemo(() => new Set((list?.relationships ?? []).map(pairKey)), [list]);
  const suggestions = (suggested?.suggestions ?? []).filter(
    (suggestion) => !related.has(pairKey(suggestion)),
  );

  const nodes = useMemo<Node[]>(() => {
    const positions = circleLayout(associations);
    return associations.map((association) => ({
      id: association.association_id,
      position: positions.get(association.association_id)!,
      data: { label: association.association_name },
      style: {
        width: NODE_WIDTH,
        background: palette.background.paper,
        color: palette.text.primary,
        borderColor: palette.divider,
        borderRadius: 8,
      },
    }));
  }, [associations, palette]);
  const edges: Edge[] = [
    ...standing.map((relationship) => ({
      id: relationship.relationship_id,
      type: 'floating',
      source: relationship.from,
      target: relationship.to,
      label: relationship.label,
      markerEnd: { type: MarkerType.ArrowClosed, color: palette.primary.main },
      style: { stroke: palette.primary.main, strokeWidth: 2 },
      labelStyle: { fill: palette.text.primary },
      labelBgStyle: { fill: palette.background.paper },
    })),
    ...suggestions.map((suggestion) => ({
      id: `suggestion ${pairKey(suggestion)}`,
      type: 'floating',
      source: suggestion.from,
      target: suggestion.to,
      label: `suggested · ${suggestion.count}`,
      style: { stroke: palette.text.secondary, strokeDasharray: '6 4' },
      labelStyle: { fill: palette.text.secondary },
      labelBgStyle: { fill: palette.background.paper },
    })),
  ];

  const openEdge = (edgeId: string) => {
    const suggestion = suggestions.find((each) => `suggestion ${pairKey(each)}` === edgeId);
    if (suggestion) return keep.mutate(suggestion);
    const relationship = standing.find((each) => each.relationship_id === edgeId);
    if (relationship) setEditing({ relationship });
  };
  const describe = (relationship: Pick<Relationship, 'from' | 'to'>, label: string) =>
    `${names.get(relationship.from)} ${label} ${names.get(relationship.to)}`;

  return (
    <Stack spacing={2}>
      <Box
        ref={frame}
        role="img"
        aria-label={`Relationship map as of ${chapter?.title ?? 'the end'}`}
        sx={{
          height: { xs: 360, sm: 480 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
          // Edges float from border to border; the handles they would otherwise start at are not shown.
          '& .react-flow__handle': { visibility: 'hidden' },
        }}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          colorMode={colorScheme}
          fitView
          onInit={(instance) => {
            flow.current = instance;
          }}
          edgeTypes={edgeTypes}
          nodesConnectable={false}
          nodesDraggable={false}
          onEdgeClick={(_, edge) => openEdge(edge.id)}
          proOptions={{ hideAttribution: true }}
        />
      </Box>
      {chapters.length > 1 && (
        <Box sx={{ px: 1 }}>
          <Typography id="relationship-chapter" gutterBottom>
            {`As of ${chapter?.title ?? ''}`}
          </Typography>
          <Slider
            aria-labelledby="relationship-chapter"
            min={0}
            max={chapters.length - 1}
            step={1}
            marks
            value={chapterIndex}
            getAriaValueText={(index) => chapters[index]?.title ?? ''}
            onChange={(_, value) => setChapterIndex(value)}
          />
        </Box>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => setEditing({ draft: { from_chapter_id: chapter?.chapter_id } })}
        >
          Add relationship
        </Button>
      </Stack>
      <Box component="section" aria-label="Relationships at this chapter">
        <Typography variant="subtitle1" component="h3">
          At this chapter
        </Typography>
        {standing.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No relationships stand at this chapter.
          </Typography>
        )}
        <List dense>
          {standing.map((relationship) => (
            <ListItem
              key={relationship.relationship_id}
              disableGutters
              secondaryAction={
                <Button size="small" onClick={() => setEditing({ relationship })}>
                  Edit
                </Button>
              }
            >
              <ListItemText
                primary={describe(relationship, relationship.label)}
                secondary={
                  relationship.reverse_label &&
                  describe({ from: relationship.to, to: relationship.from }, relationship.reverse_label)
                }
              />
            </ListItem>
          ))}
        </List>
      </Box>
      {suggestions.length > 0 && (
        <Box component="section" aria-label="Suggested relationships">
          <Typography variant="subtitle1" component="h3">
            Suggested from your text
          </Typography>
          <List dense>
            {suggestions.map((suggestion) => (
              <ListItem
                key={pairKey(suggestion)}
                disableGutters
                secondaryAction={
                  <Button size="small" disabled={keep.isPending} onClick={() => keep.mutate(suggestion)}>
                    Keep
                  </Button>
                }
              >
                <ListItemText
                  primary={`${names.get(suggestion.from)} and ${names.get(suggestion.to)} · ${suggestion.count} paragraphs`}
                  secondary={suggestion.sample.text}
                  sx={{ pr: 8 }}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {editing && (
        <RelationshipDialog
          initial={'relationship' in editing ? editing.relationship : editing.draft}
          associations={associations}
          chapters={chapters}
          error={(save.error ?? remove.error)?.message}
          saving={save.isPending || remove.isPending}
          onSave={(request) => save.mutate(request)}
          onDelete={
            'relationship' in editing ? () => remove.mutate(editing.relationship.relationship_id) : undefined
          }
          onClose={() => {
            save.reset();
            remove.reset();
            setEditing(undefined);
          }}
        />
      )}
    </Stack>
  );
}
