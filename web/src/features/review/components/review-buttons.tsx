import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { fingerSized } from '../../../lib/coarse-pointer';

/*
 * Icons with tooltips, as focus mode's button: the chapter toolbar keeps to one row beside the text on a laptop,
 * which leaves the manuscript its height.
 */

/** The chapter toolbar's 'Comment': a note on the selected words. */
export function AddCommentButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title="Comment on the selected words">
      <IconButton
        aria-label="Comment on the selected words"
        // Keeps the selection in the text: the comment is about it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        sx={{ color: 'text.secondary', ...fingerSized }}
      >
        <AddCommentOutlined />
      </IconButton>
    </Tooltip>
  );
}

interface CommentsButtonProps {
  open: boolean;
  /** Comments, replies and suggestions not yet seen. */
  unread: number;
  onToggle: () => void;
}

/** The chapter toolbar's way into the Comments panel, with what is new since the author last looked. */
export function CommentsButton({ open, unread, onToggle }: CommentsButtonProps) {
  const label = unread > 0 ? `Comments, ${unread} new` : 'Comments';
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-expanded={open}
        onClick={onToggle}
        sx={{ color: open ? 'primary.main' : 'text.secondary', ...fingerSized }}
      >
        <Badge color="primary" badgeContent={unread} max={99}>
          <CommentOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
