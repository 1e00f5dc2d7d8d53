import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_STORY_IMAGE_URL } from '../../../../../shared/default-images';
import type { Series } from '../../../../../shared/schemas/series';
import { STORY_DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../../../../shared/validation';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { lengthCount } from '../../../components/text-length/length-limit';
import { ImageDropzone } from '../../../components/image-dropzone/image-dropzone';
import { useObjectUrl } from '../../../components/image-dropzone/use-object-url';
import { seriesAssignmentFor } from '../series-assignment';
import type { StoryDetails } from '../types';
import { validateStoryText } from '../validate-story-text';
import { SeriesField } from './series-field';
import { StoryPreviewCard } from './story-preview-card';

export interface StoryFormValues {
  title: string;
  description: string;
  /** The title of the story's series, '' for a standalone story. */
  seriesName: string;
  /** The saved image, '' when there is none (or the default picture the server answers then). */
  imageUrl: string;
}

interface StoryFormProps {
  mode: 'create' | 'update';
  initialValues: StoryFormValues;
  seriesList: Series[];
  /** Saves the story; the form stays usable again once it settles, whatever the outcome. */
  onSubmit: (details: StoryDetails) => Promise<void>;
  cancelHref: string;
}

/** Spec §2 story form: title, summary, image and series, beside a live preview of the card. */
export function StoryForm({ mode, initialValues, seriesList, onSubmit, cancelHref }: StoryFormProps) {
  const { showAlert } = useAlerts();
  const [title, setTitle] = useState(initialValues.title);
  const [description, setDescription] = useState(initialValues.description);
  const [seriesName, setSeriesName] = useState(initialValues.seriesName);
  const [image, setImage] = useState<File | null>(null);
  const [removeSavedImage, setRemoveSavedImage] = useState(false);
  const [invalidField, setInvalidField] = useState<'title' | 'description' | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const previewHeadingId = useId();
  const stacked = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });

  const chosenImageUrl = useObjectUrl(image);
  // The story's own saved picture may be taken away; the default one the server answers without it may not.
  const hasOwnSavedImage =
    initialValues.imageUrl !== '' && initialValues.imageUrl !== DEFAULT_STORY_IMAGE_URL;
  const imageUrl = chosenImageUrl ?? (removeSavedImage ? undefined : initialValues.imageUrl || undefined);
  // Remove takes back a chosen file first (the saved picture shows again), then the saved picture itself.
  const removeImage = image
    ? () => setImage(null)
    : hasOwnSavedImage && !removeSavedImage
      ? () => setRemoveSavedImage(true)
      : undefined;
  const imageHint =
    image !== null
      ? undefined
      : mode === 'create'
        ? 'Without one, a cover is made from the title.'
        : removeSavedImage
          ? 'Without one, the story shows the default cover.'
          : undefined;
  const assignment = seriesAssignmentFor(seriesName, seriesList);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const validation = validateStoryText(title, description);
    if (!validation.valid) {
      setInvalidField(validation.field);
      (validation.field === 'title' ? titleInput : descriptionInput).current?.focus();
      showAlert(validation.alert);
      return;
    }
    setInvalidField(null);
    setIsSaving(true);
    try {
      await onSubmit({
        title: validation.title,
        description: validation.description,
        series: assignment,
        image,
        removeImage: removeSavedImage,
      });
    } finally {
      setIsSaving(false);
    }
  };

  // On a phone the form is one column: the preview goes inside it, above the Create button, where the author
  // sees it before saving (after the buttons, it would sit below everything they act on).
  const preview = (
    <Box
      component="section"
      aria-labelledby={previewHeadingId}
      sx={{ position: { md: 'sticky' }, top: { md: 96 } }}
    >
      <Typography
        id={previewHeadingId}
        variant="overline"
        component="h2"
        color="text.secondary"
        sx={{ display: 'block', mb: 1.5, letterSpacing: '0.12em' }}
      >
        Preview
      </Typography>
      <StoryPreviewCard
        title={title}
        description={description}
        seriesTitle={assignment.kind === 'standalone' ? undefined : assignment.title}
        imageUrl={imageUrl}
      />
    </Box>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
        gap: { xs: 3, md: 5 },
        alignItems: 'start',
      }}
    >
      <Paper
        component="form"
        variant="outlined"
        noValidate
        aria-label={mode === 'create' ? 'Create a Story' : 'Update a Story'}
        onSubmit={(event: FormEvent) => void handleSubmit(event)}
        sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 2 }}
      >
        <Stack spacing={3}>
          <TextField
            label="Title"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={invalidField === 'title'}
            inputRef={titleInput}
            autoComplete="off"
            helperText={lengthCount(title, TITLE_MAX_LENGTH)}
            slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH } }}
            fullWidth
          />
          <TextField
            label="Write a brief summary of your story"
            required
            multiline
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={invalidField === 'description'}
            inputRef={descriptionInput}
            slotProps={{
              htmlInput: { maxLength: STORY_DESCRIPTION_MAX_LENGTH },
              // The spec's long label does not fit inside a phone's field: there it sits above it, whole.
              inputLabel: stacked ? { shrink: true } : {},
            }}
            fullWidth
          />
          <SeriesField
            value={seriesName}
            onChange={setSeriesName}
            seriesList={seriesList}
            assignment={assignment}
          />
          <Box>
            <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
              Cover image
            </Typography>
            <Box sx={{ maxWidth: { xs: '100%', sm: 220 } }}>
              <ImageDropzone
                label="Cover image"
                imageUrl={imageUrl}
                placeholderIcon={<AutoStoriesOutlined />}
                onFileAccepted={setImage}
                onRemove={removeImage}
                hint={imageHint}
              />
            </Box>
          </Box>
          {stacked && preview}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
            <Button component={RouterLink} to={cancelHref} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" size="large" disabled={isSaving} sx={{ px: 4 }}>
              {mode === 'create' ? 'Create' : 'Update'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {!stacked && preview}
    </Box>
  );
}
