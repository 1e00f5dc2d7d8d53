import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import IconButton from '@mui/material/IconButton';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

const loadMenuList = () => import('./user-menu-list');
// The menu and its items are downloaded when the pointer or the focus reaches the button, at the latest when
// it is pressed: the page's first paint does not need them.
const UserMenuList = lazyComponent(loadMenuList, 'UserMenuList');

/** Account menu at the right of the header. The spec shows no sign-out; authors expect one here. */
export function UserMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that it animates out as it closes.
  const [menuMounted, setMenuMounted] = useState(false);

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'user-menu' : undefined}
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setMenuMounted(true);
        }}
        edge="end"
      >
        <AccountCircleOutlined />
      </IconButton>
      {menuMounted && (
        <Suspense fallback={null}>
          <UserMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
