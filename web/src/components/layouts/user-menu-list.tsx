import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/user/user-context';
import { openKeyboardShortcuts } from '../keyboard-shortcuts/keyboard-shortcuts-help';

interface UserMenuListProps {
  /** The account button; `null` when the menu is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu's items, below the header's account button (`UserMenu`). */
export function UserMenuList({ anchor, onClose: close }: UserMenuListProps) {
  const { user, signOut } = useUser();
  const identity = user?.name ?? user?.email;

  return (
    <Menu
      id="user-menu"
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {identity && (
        <ListItemText
          primary={identity}
          sx={{ px: 2, py: 1, color: 'text.secondary', maxWidth: 280 }}
          slotProps={{ primary: { noWrap: true, variant: 'body2' } }}
        />
      )}
      {identity && <Divider />}
      <MenuItem component={RouterLink} to={paths.progress.getHref()} onClick={close}>
        <ListItemIcon>
          <ShowChartOutlined fontSize="small" />
        </ListItemIcon>
        Progress
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.settings.getHref()} onClick={close}>
        <ListItemIcon>
          <SettingsOutlined fontSize="small" />
        </ListItemIcon>
        Settings
      </MenuItem>
      <MenuItem
        onClick={() => {
          close();
          openKeyboardShortcuts();
        }}
      >
        <ListItemIcon>
          <KeyboardOutlined fontSize="small" />
        </ListItemIcon>
        Keyboard shortcuts
      </MenuItem>
      <MenuItem
        onClick={() => {
          close();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutOutlined fontSize="small" />
        </ListItemIcon>
        Sign out
      </MenuItem>
    </Menu>
  );
}
