import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DailyGoalSchema } from '../../../../../shared/schemas/progress';
import { progressKeys } from '../../../api/progress';
import { updateUserPreferences } from '../../../api/user';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useUser } from '../../../lib/user/user-context';
import { settingsToggleFailedAlert } from '../../settings';

/** The author's daily goal in words: set, changed, or removed (no goal, no streak). */
export function DailyGoalForm({ dailyGoal }: { dailyGoal: number | null }) {
  const { setUser } = useUser();
  const queryClient = useQueryClient();
  const [text, setText] = useState(dailyGoal === null ? '' : String(dailyGoal));
  const [error, setError] = useState<string | null>(null);
  const save = useAlertingMutation({
    mutationFn: (goal: number | null) => updateUserPreferences({ daily_goal: goal }),
    failureLog: 'Saving the daily goal failed.',
    failureAlert: settingsToggleFailedAlert,
    onSuccess: async (user) => {
      setUser(user);
      await queryClient.invalidateQueries({ queryKey: progressKeys.all });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = DailyGoalSchema.safeParse(Number(text.trim().replace(/[\s,]/g, '')));
    if (text.trim() === '' || !parsed.success) {
      setError(
        parsed.success ? 'Enter a number of words.' : (parsed.error.issues[0]?.message ?? 'Invalid goal.'),
      );
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5 }}
    >
      <TextField
        label="Daily goal"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={error !== null}
        helperText={error ?? 'Words a day'}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 160 }}
      />
      <Button type="submit" variant="contained" disabled={save.isPending}>
        Save goal
      </Button>
      {dailyGoal !== null && (
        <Button
          disabled={save.isPending}
          onClick={() => {
            setText('');
            setError(null);
            save.mutate(null);
          }}
        >
          Remove goal
        </Button>
      )}
    </Box>
  );
}
