import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { CoverImage } from './cover-image';

interface StoryPreviewCardProps {
  title: string;
  description: string;
  /** The series the story will be in, if any. */
  seriesTitle?: string;
  imageUrl?: string;
}

/** Spec §2: the story form's live preview, with the spec's placeholders while a field is empty. */
export function StoryPreviewCard({ title, description, seriesTitle, imageUrl }: StoryPreviewCardProps) {
  const hasTitle = title.trim() !== '';
  const hasDescription = description.trim() !== '';

  return (
    <Card variant="outlined" sx={{ borderRadius: 1.5 }}>
      <Box
        sx={{
          aspectRatio: { xs: '3 / 2', sm: '1 / 1' },
          overflow: 'hidden',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <CoverImage imageUrl={imageUrl} placeholderIcon={<AutoStoriesOutlined />} />
      </Box>
      <Box sx={{ p: 2.5 }}>
        {seriesTitle && (
          <Typography variant="overline" color="secondary" sx={{ display: 'block', lineHeight: 1.6 }} noWrap>
            {seriesTitle}
          </Typography>
        )}
        <Typography
          variant="h5"
          component="p"
          color={hasTitle ? 'text.primary' : 'text.disabled'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {hasTitle ? title.trim() : 'Story Title'}
        </Typography>
        <Typography
          variant="body2"
          color={hasDescription ? 'text.secondary' : 'text.disabled'}
          sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          {hasDescription ? description.trim() : 'Story description will appear here.'}
        </Typography>
      </Box>
    </Card>
  );
}
