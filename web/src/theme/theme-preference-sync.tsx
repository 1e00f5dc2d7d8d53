import { useColorScheme } from '@mui/material/styles';
import { useEffect } from 'react';
import { useUser } from '../lib/user/user-context';

/**
 * Applies the signed-in author's stored theme (light, dark, or the system's when they never chose). The mode
 * is also kept in localStorage by MUI, so the next visit paints in it before the account has loaded; this
 * puts it right when the author chose differently on another device.
 */
export function ThemePreferenceSync() {
  const { user } = useUser();
  const { setMode } = useColorScheme();
  const storedTheme = user ? (user.theme ?? 'system') : undefined;

  useEffect(() => {
    if (storedTheme) setMode(storedTheme);
  }, [storedTheme, setMode]);

  return null;
}
