import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/** The chapter toolbar's 'Comment': a note on the selected words. */
export function AddCommentButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title="Comment on the selected words">
      <Button
        size="small"
        color="inherit"
        startIcon={<AddCommentOutlined />}
        // Keeps the selection in the text: the comment is about it.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        Comment
      </Button>
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
  return (
    <Button
      size="small"
      color="inherit"
      aria-expanded={open}
      aria-label={unread > 0 ? `Comments, ${unread} new` : 'Comments'}
      startIcon={
        <Badge color="primary" badgeContent={unread} max={99}>
          <CommentOutlined />
        </Badge>
      }
      onClick={onToggle}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Comments
    </Button>
  );
}
