import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import { THEME_PREFERENCES, type ThemePreference } from '../../../../../shared/schemas/user';
import { updateUserPreferences } from '../../../api/user';
import { useFocusDimPreference } from '../../../lib/focus-mode-preferences';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useUser } from '../../../lib/user/user-context';
import { settingsToggleFailedAlert } from '../settings-messages';

const THEME_LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'Follow the system',
};

/**
 * The writing room's settings: the theme, kept with the account (applied at once, put back with the settings
 * alert if the server refuses), and whether focus mode dims all but the current paragraph (this device).
 */
export function AppearanceSettings() {
  const { user, setUser } = useUser();
  const { mode, setMode } = useColorScheme();
  const [dimOthers, setDimOthers] = useFocusDimPreference();
  const chosen = mode ?? user?.theme ?? 'system';

  const themeChange = useAlertingMutation({
    mutationFn: (theme: ThemePreference) => updateUserPreferences({ theme }),
    failureLog: 'Changing the theme failed.',
    failureAlert: settingsToggleFailedAlert,
    onMutate: (theme: ThemePreference) => {
      const previous = chosen;
      setMode(theme);
      return previous;
    },
    onError: (_error, _theme, previous) => {
      if (previous) setMode(previous);
    },
    onSuccess: setUser,
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Writing room
      </Typography>
      <FormControl>
        <FormLabel id="theme-label">Theme</FormLabel>
        <RadioGroup
          aria-labelledby="theme-label"
          value={chosen}
          onChange={(event) => themeChange.mutate(event.target.value as ThemePreference)}
        >
          {THEME_PREFERENCES.map((theme) => (
            <FormControlLabel key={theme} value={theme} control={<Radio />} label={THEME_LABELS[theme]} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControlLabel
        sx={{ display: 'flex', mt: 1.5 }}
        control={<Checkbox checked={dimOthers} onChange={(event) => setDimOthers(event.target.checked)} />}
        label="Dim all but the current paragraph in focus mode"
      />
    </Paper>
  );
}
