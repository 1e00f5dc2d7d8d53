import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import type { TypographyVariant } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../shared/constants';
import { paths } from '../../config/paths';
import { lazyComponent } from '../../lib/lazy-component';
import { useUser } from '../../lib/user/user-context';
import { Logo } from '../brand/logo';
import { TITLE_MAX_LENGTH } from '../../../../shared/validation';
import { TitleText } from '../editable-title/title-text';
import { UserMenu } from './user-menu';

// Renaming in place (a field, a tooltip) is offered on a story's pages only: downloaded there. Until it
// arrives the title shows as it reads.
const EditableTitle = lazyComponent(() => import('../editable-title/editable-title'), 'EditableTitle');

interface HeaderTitleProps {
  value: string;
  label: string;
  onCommit: ((title: string) => void) | undefined;
  maxLength: number;
  variant: TypographyVariant;
}

/** A story's or series' title in the header, renamed in place when the page passes `onCommit`. */
function HeaderTitle(props: HeaderTitleProps) {
  return (
    <Suspense fallback={<TitleText value={props.value} variant={props.variant} />}>
      <EditableTitle {...props} />
    </Suspense>
  );
}

/** What a page shows about the story it is about; every field is optional. */
export interface HeaderProps {
  storyImage?: string;
  storyTitle?: string;
  /** Receives the trimmed, changed, non-blank title; without it the story title is read-only. */
  onStoryTitleChange?: (title: string) => void;
  seriesTitle?: string;
  /** Receives the trimmed, changed, non-blank title; without it the series title is read-only. */
  onSeriesTitleChange?: (title: string) => void;
}

export function Header({
  storyImage,
  storyTitle,
  onStoryTitleChange,
  seriesTitle,
  onSeriesTitleChange,
}: HeaderProps) {
  const { isSignedIn } = useUser();
  const showsStory = storyImage !== undefined || storyTitle !== undefined || seriesTitle !== undefined;

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 1.25, sm: 2 } }}>
        <Link
          component={RouterLink}
          to={paths.home.getHref()}
          underline="none"
          aria-label={`${PRODUCT_NAME} home`}
          sx={{ display: 'inline-flex', borderRadius: 1 }}
        >
          <Logo compactOnPhones={showsStory} />
        </Link>
        {showsStory && <Divider orientation="vertical" flexItem sx={{ my: 1.5 }} />}
        {storyImage !== undefined && (
          <Avatar
            src={storyImage}
            alt={storyTitle ? `Cover of ${storyTitle}` : 'Story cover'}
            variant="rounded"
            sx={{ width: 40, height: 40 }}
          />
        )}
        <Box sx={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {seriesTitle !== undefined && (
            <Box sx={{ display: 'flex', minWidth: 0, color: 'text.secondary' }}>
              <HeaderTitle
                value={seriesTitle}
                label="Series title"
                onCommit={onSeriesTitleChange}
                maxLength={TITLE_MAX_LENGTH}
                variant="subtitle2"
              />
            </Box>
          )}
          {storyTitle !== undefined && (
            <Box sx={{ display: 'flex', minWidth: 0 }}>
              <HeaderTitle
                value={storyTitle}
                label="Story title"
                onCommit={onStoryTitleChange}
                maxLength={TITLE_MAX_LENGTH}
                variant="h6"
              />
            </Box>
          )}
        </Box>
        {isSignedIn && <UserMenu />}
      </Toolbar>
    </AppBar>
  );
}
