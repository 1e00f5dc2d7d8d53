import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface WorkspaceSideMenuProps {
  flyoutOpen: boolean;
  onCloseDocument: () => void;
  onToggleFlyout: () => void;
  /** Issue 14 §3: search (and replace) across the story. */
  searchOpen: boolean;
  onToggleSearch: () => void;
  onOpenSettings: () => void;
  /** Issue 13: the story's elements and where they appear. */
  onOpenStoryBible: () => void;
  /** Issue 28: the chapters as index cards. */
  onOpenCorkboard: () => void;
  /** Issue 25 §1: the chapters in story time. */
  onOpenTimeline: () => void;
  /** Issue 24: share the story with readers and editors. */
  onOpenShare: () => void;
}

interface MenuButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  placement: 'right' | 'bottom';
  expanded?: boolean;
}

function MenuButton({ label, icon, onClick, placement, expanded }: MenuButtonProps) {
  return (
    <Tooltip title={label} placement={placement}>
      <IconButton
        aria-label={label}
        aria-expanded={expanded}
        onClick={onClick}
        sx={{
          color: expanded ? 'primary.main' : 'text.secondary',
          bgcolor: expanded ? 'action.selected' : undefined,
        }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The workspace's side menu (spec §2): close the document, open the chapters and layout flyout, search the
 * story (issue 14), open the Story Bible (issue 13), the Corkboard (issue 28) or the Timeline (issue 25), share
 * the story (issue 24), open the Document Settings. A rail beside the manuscript; on phones a row above it.
 */
export function WorkspaceSideMenu({
  flyoutOpen,
  onCloseDocument,
  onToggleFlyout,
  searchOpen,
  onToggleSearch,
  onOpenSettings,
  onOpenStoryBible,
  onOpenCorkboard,
  onOpenTimeline,
  onOpenShare,
}: WorkspaceSideMenuProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const placement = phone ? 'bottom' : 'right';

  return (
    <Stack
      component="nav"
      aria-label="Document"
      direction={phone ? 'row' : 'column'}
      // Eight buttons fill a 375 px phone's row only without gaps between them.
      spacing={phone ? 0 : 0.5}
      sx={{
        alignItems: 'center',
        alignSelf: 'flex-start',
        p: 0.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <MenuButton
        label="Close document"
        icon={<CloseOutlined />}
        onClick={onCloseDocument}
        placement={placement}
      />
      <Divider flexItem orientation={phone ? 'vertical' : 'horizontal'} />
      <MenuButton
        label="Chapters and layout"
        icon={<MenuBookOutlined />}
        onClick={onToggleFlyout}
        placement={placement}
        expanded={flyoutOpen}
      />
      <MenuButton
        label="Search"
        icon={<SearchOutlined />}
        onClick={onToggleSearch}
        placement={placement}
        expanded={searchOpen}
      />
      <MenuButton
        label="Story Bible"
        icon={<AutoStoriesOutlined />}
        onClick={onOpenStoryBible}
        placement={placement}
      />
      <MenuButton
        label="Corkboard"
        icon={<DashboardOutlined />}
        onClick={onOpenCorkboard}
        placement={placement}
      />
      <MenuButton
        label="Timeline"
        icon={<TimelineOutlined />}
        onClick={onOpenTimeline}
        placement={placement}
      />
      <MenuButton label="Share" icon={<ShareOutlined />} onClick={onOpenShare} placement={placement} />
      <MenuButton
        label="Document settings"
        icon={<TuneOutlined />}
        onClick={onOpenSettings}
        placement={placement}
      />
    </Stack>
  );
}
