import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeSaveStatus, type SaveStatus } from '../../autosave';

const ICONS = {
  saved: CloudDoneOutlinedIcon,
  saving: CloudUploadOutlinedIcon,
  offline: CloudOffOutlinedIcon,
  retrying: CloudSyncOutlinedIcon,
  creating: CloudSyncOutlinedIcon,
  notCreated: CloudOffOutlinedIcon,
  conflicted: CloudSyncOutlinedIcon,
} as const;

/** The autosave state in words, announced politely to screen readers as it changes. */
export function SaveStatusIndicator({ status }: { status: SaveStatus }) {
  const Icon = ICONS[status.state];
  const troubled = ['offline', 'retrying', 'notCreated', 'conflicted'].includes(status.state);
  return (
    <Stack
      direction="row"
      spacing={0.75}
      role="status"
      aria-live="polite"
      sx={{ alignItems: 'center', color: troubled ? 'warning.main' : 'text.secondary' }}
    >
      <Icon fontSize="small" aria-hidden />
      {/* Wrapped rather than ellipsised when short of room: 'Savi…' told the author nothing. */}
      <Typography variant="body2" data-testid="save-status">
        {describeSaveStatus(status)}
      </Typography>
    </Stack>
  );
}
