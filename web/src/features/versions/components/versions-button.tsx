import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Button from '@mui/material/Button';

interface VersionsButtonProps {
  open: boolean;
  onToggle: () => void;
}

/** The chapter toolbar's way into the Versions panel. */
export function VersionsButton({ open, onToggle }: VersionsButtonProps) {
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<HistoryOutlined />}
      aria-expanded={open}
      onClick={onToggle}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      Versions
    </Button>
  );
}
