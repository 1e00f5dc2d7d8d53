import ExpandMore from '@mui/icons-material/ExpandMore';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';

interface FlyoutBranchHeaderProps {
  label: string;
  /** Beside the label: the chapter count, or why the branch is disabled. */
  secondary?: string;
  expanded: boolean;
  onToggle(): void;
  /** The id of the content the header folds; absent while the branch is disabled. */
  controlsId?: string;
  disabled?: boolean;
}

/** The fold-out header of one branch of the flyout's tree (Chapters, Outline). */
export function FlyoutBranchHeader({
  label,
  secondary,
  expanded,
  onToggle,
  controlsId,
  disabled = false,
}: FlyoutBranchHeaderProps) {
  return (
    <ListItemButton
      disabled={disabled}
      aria-expanded={disabled ? undefined : expanded}
      aria-controls={disabled ? undefined : controlsId}
      onClick={onToggle}
      sx={{ borderRadius: 1 }}
    >
      <ListItemIcon sx={{ minWidth: 32 }}>
        <ExpandMore
          fontSize="small"
          sx={{ transition: 'transform 150ms', transform: expanded ? 'none' : 'rotate(-90deg)' }}
        />
      </ListItemIcon>
      <ListItemText
        primary={label}
        secondary={secondary}
        slotProps={{ primary: { variant: 'subtitle2' }, secondary: { component: 'span', sx: { ml: 1 } } }}
        sx={{ display: 'flex', alignItems: 'baseline' }}
      />
    </ListItemButton>
  );
}
