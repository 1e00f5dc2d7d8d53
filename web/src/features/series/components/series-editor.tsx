import Add from '@mui/icons-material/Add';
import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { SERIES_DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../../../../shared/validation';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { useToastClearance } from '../../../components/alerts/toast-clearance';
import { lengthCount } from '../../../components/text-length/length-limit';
import { ImageDropzone } from '../../../components/image-dropzone/image-dropzone';
import { useObjectUrl } from '../../../components/image-dropzone/use-object-url';
import { type SeriesField, useSeriesDraft } from '../hooks/use-series-draft';
import type { Volume } from '../types';
import { AddStoryDialog } from './add-story-dialog';
import { VolumeList } from './volume-list';

interface SeriesEditorProps {
  series: Series;
  /** Stories in no series when the page opened: what 'Add Story' can offer. */
  standaloneStories: Story[];
}

/** A series made by typing its name on a story has no description yet; say so before 'Update' refuses. */
const DESCRIPTION_NEEDED_HINT = 'Needed before the series can be updated.';

/** Spec §2 edit series: image, title, description and the ordered stories, saved with 'Update'. */
export function SeriesEditor({ series, standaloneStories }: SeriesEditorProps) {
  const draft = useSeriesDraft(series, standaloneStories);
  const [isAddDialogOpen, setAddDialogOpen] = useState(false);
  const [removalPrompt, setRemovalPrompt] = useState<{ volume: Volume; open: boolean } | null>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  // Toasts ('Edit Action Complete') keep the Update button in view.
  const actionsRef = useRef<HTMLDivElement>(null);
  useToastClearance(actionsRef);
  const storiesHeadingId = useId();
  const imageUrl = useObjectUrl(draft.image) ?? (draft.saved.image_url || undefined);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.isSaving) return;
    const invalidField = await draft.save();
    if (!invalidField) return;
    // Never a dead end: the refused field, wherever the page was scrolled to (the author may have been
    // reordering stories far below it), comes into view with the caret in it and its message under it.
    const field = (invalidField === 'title' ? titleInput : descriptionInput).current;
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  };
  const errorAt = (field: SeriesField) =>
    draft.fieldError?.field === field ? draft.fieldError.message : undefined;

  const closeRemovalPrompt = () => setRemovalPrompt((current) => current && { ...current, open: false });
  const confirmRemoval = () => {
    if (!removalPrompt?.open) return;
    draft.removeVolume(removalPrompt.volume);
    closeRemovalPrompt();
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label="Edit Series"
      onSubmit={(event: FormEvent) => void handleSubmit(event)}
      sx={{ borderRadius: 2, overflow: 'hidden' }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '200px minmax(0, 1fr)', md: '240px minmax(0, 1fr)' },
          gap: { xs: 3, sm: 4 },
          p: { xs: 2.5, sm: 4 },
        }}
      >
        <Box sx={{ maxWidth: { xs: 220, sm: 'none' } }}>
          <ImageDropzone
            label="Series image"
            imageUrl={imageUrl}
            placeholderIcon={<CollectionsBookmarkOutlined />}
            onFileAccepted={draft.setImage}
            onRemove={draft.image ? () => draft.setImage(null) : undefined}
          />
        </Box>
        <Stack spacing={3}>
          <TextField
            label="Title"
            required
            value={draft.title}
            onChange={(event) => draft.setTitle(event.target.value)}
            error={errorAt('title') !== undefined}
            inputRef={titleInput}
            autoComplete="off"
            helperText={errorAt('title') ?? lengthCount(draft.title, TITLE_MAX_LENGTH)}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH } }}
            fullWidth
          />
          <TextField
            label="Description"
            required
            multiline
            minRows={4}
            value={draft.description}
            onChange={(event) => draft.setDescription(event.target.value)}
            error={errorAt('description') !== undefined}
            helperText={
              errorAt('description') ??
              (draft.description.trim() === '' ? DESCRIPTION_NEEDED_HINT : undefined)
            }
            inputRef={descriptionInput}
            slotProps={{ htmlInput: { maxLength: SERIES_DESCRIPTION_MAX_LENGTH } }}
            fullWidth
          />
        </Stack>
      </Box>
      <Divider />
      <Box component="section" aria-labelledby={storiesHeadingId} sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
          <Box>
            <Typography id={storiesHeadingId} variant="h6" component="h2">
              Stories
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Drag a story by its handle to change the reading order.
            </Typography>
          </Box>
          <Button
            onClick={() => setAddDialogOpen(true)}
            startIcon={<Add />}
            variant="outlined"
            sx={{ flexShrink: 0 }}
          >
            Add Story
          </Button>
        </Box>
        {draft.volumes.length === 0 ? (
          <Typography
            color="text.secondary"
            sx={{
              py: 3,
              textAlign: 'center',
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1.5,
            }}
          >
            No stories assigned.
          </Typography>
        ) : (
          <VolumeList
            label={`Stories in ${draft.saved.series_title}`}
            volumes={draft.volumes}
            onMove={draft.moveVolume}
            onRemove={(volume) => setRemovalPrompt({ volume, open: true })}
          />
        )}
      </Box>
      <Divider />
      <Box
        ref={actionsRef}
        sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 2.5, sm: 4 }, py: 2.5 }}
      >
        <Button type="submit" variant="contained" size="large" disabled={draft.isSaving} sx={{ px: 4 }}>
          Update
        </Button>
      </Box>

      <AddStoryDialog
        open={isAddDialogOpen}
        seriesId={draft.saved.series_id}
        candidates={draft.candidates}
        onAdd={(story) => {
          draft.addVolume(story);
          setAddDialogOpen(false);
        }}
        onClose={() => setAddDialogOpen(false)}
      />
      {removalPrompt && (
        <ConfirmDialog
          open={removalPrompt.open}
          title="Remove from series"
          message={`Remove ${removalPrompt.volume.title} from ${draft.saved.series_title}?`}
          confirmLabel="Remove"
          destructive
          onConfirm={confirmRemoval}
          onCancel={closeRemovalPrompt}
        />
      )}
    </Paper>
  );
}
