import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import type { MentionGrid } from '../../../../../shared/schemas/story-bible';
import { lazyComponent } from '../../../lib/lazy-component';

// React Flow is downloaded only when the map is opened.
const RelationshipMap = lazyComponent(() => import('./relationship-map'), 'RelationshipMap');

export interface RelationshipMapSectionProps {
  storyId: string;
  associations: readonly AssociationListItem[];
  chapters: MentionGrid['chapters'];
  isSubscriber: boolean;
}

/** The Story Bible's Relationships section: the map, opened on demand; a subscriber's feature (issue 25). */
export function RelationshipMapSection({
  storyId,
  associations,
  chapters,
  isSubscriber,
}: RelationshipMapSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <Box component="section" aria-label="Relationships">
      <Typography variant="h6" component="h2">
        Relationships
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Who is what to whom, and how it changes from chapter to chapter.
      </Typography>
      {!isSubscriber ? (
        <Typography variant="body2" color="text.secondary">
          The relationship map is available to subscribers.
        </Typography>
      ) : open ? (
        <Suspense fallback={<Typography color="text.secondary">Loading the map…</Typography>}>
          <RelationshipMap storyId={storyId} associations={associations} chapters={chapters} />
        </Suspense>
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Open relationship map
        </Button>
      )}
    </Box>
  );
}
