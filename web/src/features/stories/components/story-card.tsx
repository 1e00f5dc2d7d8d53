import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import type { Story } from '../../../../../shared/schemas/story';
import { paths } from '../../../config/paths';
import { ImportProgress } from './import-progress';
import { LibraryCard } from './library-card';
import { StoryFigures } from './story-figures';

interface StoryCardProps {
  story: Story;
  onDelete: (story: Story) => void;
  /** The card is among the first the page shows: its cover loads at once. */
  eagerCover?: boolean;
}

/** Spec §2: a standalone story; the card opens the story's workspace, and shows an import's progress. */
export function StoryCard({ story, onDelete, eagerCover = false }: StoryCardProps) {
  const storyHref = paths.story.getHref(story.story_id);

  return (
    <LibraryCard
      title={story.title}
      imageUrl={story.image_url}
      placeholderIcon={<AutoStoriesOutlined />}
      eagerCover={eagerCover}
      description={story.description}
      coverAction={{ kind: 'link', href: storyHref }}
      heading={
        <Link component={RouterLink} to={storyHref} color="inherit" underline="hover">
          {story.title}
        </Link>
      }
      editHref={paths.editStory.getHref(story.story_id)}
      onDelete={() => onDelete(story)}
    >
      <StoryFigures wordCount={story.word_count} lastEditedAt={story.last_edited_at} />
      {story.import && <ImportProgress progress={story.import} />}
    </LibraryCard>
  );
}
