import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { CalendarRequest, StoryCalendar } from '../../../../../shared/schemas/story-time';
import { MAX_CALENDAR_MONTHS } from '../../../../../shared/validation';
import { FormRefusal } from '../../../components/feedback/form-refusal';
import { SaveDialogActions } from '../../../components/feedback/save-dialog-actions';

export interface CalendarDialogProps {
  calendar: StoryCalendar;
  /** The server's refusal: a rule of the calendar broken, or chapters dated on days it would not have. */
  error: string | undefined;
  saving: boolean;
  onSave: (request: CalendarRequest) => void;
  onUseGregorian: () => void;
  onClose: () => void;
}

interface MonthRow {
  name: string;
  days: string;
}

const COUNT = /^\d+$/;

/** The request the form says, or why it says none; the calendar's own rules (limits, repeated names) are the server's. */
export function readCalendarForm(form: {
  months: readonly MonthRow[];
  weekDays: string;
  hoursPerDay: string;
  epochName: string;
  yearZero: boolean;
}): CalendarRequest | { problem: string } {
  const unnamed = form.months.findIndex((month) => month.name.trim() === '');
  if (unnamed !== -1) return { problem: `Month ${unnamed + 1} needs a name.` };
  const dayless = form.months.find((month) => !COUNT.test(month.days.trim()));
  if (dayless) return { problem: `The days of ${dayless.name.trim()} are a whole number.` };
  if (!COUNT.test(form.hoursPerDay.trim())) return { problem: 'The hours of a day are a whole number.' };
  const epochName = form.epochName.trim();
  return {
    months: form.months.map((month) => ({ name: month.name.trim(), days: Number(month.days.trim()) })),
    week_days: form.weekDays
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    hours_per_day: Number(form.hoursPerDay.trim()),
    ...(epochName === '' ? {} : { epoch_name: epochName }),
    year_zero: form.yearZero,
  };
}

/**
 * Issue 25 §1: the calendar the story (or its whole series) is dated in. The Gregorian one unless the author
 * names months of their own, with their days, the week's days, the hours of a day, the epoch written after a
 * year and whether there is a year 0.
 */
export function CalendarDialog({
  calendar,
  error,
  saving,
  onSave,
  onUseGregorian,
  onClose,
}: CalendarDialogProps) {
  const custom = calendar.kind === 'custom';
  const [months, setMonths] = useState<MonthRow[]>(() =>
    custom
      ? calendar.months.map((month) => ({ name: month.name, days: String(month.days) }))
      : [{ name: '', days: '30' }],
  );
  const [weekDays, setWeekDays] = useState(custom ? calendar.week_days.join(', ') : '');
  const [hoursPerDay, setHoursPerDay] = useState(String(custom ? calendar.hours_per_day : 24));
  const [epochName, setEpochName] = useState(custom ? (calendar.epoch_name ?? '') : '');
  const [yearZero, setYearZero] = useState(custom && calendar.year_zero);
  const [problem, setProblem] = useState<string>();

  const changeMonth = (index: number, change: Partial<MonthRow>) =>
    setMonths(months.map((month, at) => (at === index ? { ...month, ...change } : month)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = readCalendarForm({ months, weekDays, hoursPerDay, epochName, yearZero });
    if ('problem' in request) return setProblem(request.problem);
    setProblem(undefined);
    onSave(request);
  };

  const whose = calendar.series_id ? 'The series' : 'The story';
  const shownProblem = problem ?? error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" component="form" onSubmit={submit}>
      <DialogTitle>Calendar</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {calendar.series_id && (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Shared by every volume of the series.
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {custom
              ? `${whose} is dated in a calendar of its own.`
              : `${whose} is dated in the Gregorian calendar. To date it in a calendar of your own, name its months below.`}
          </Typography>
          <Stack component="ol" spacing={1.5} aria-label="Months" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {months.map((month, index) => (
              // Rows are edited in place and only added or removed at a place: the index names the row.
              <Stack component="li" key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  label={`Name of month ${index + 1}`}
                  size="small"
                  value={month.name}
                  onChange={(event) => changeMonth(index, { name: event.target.value })}
                  sx={{ flex: '1 1 auto' }}
                />
                <TextField
                  label="Days"
                  size="small"
                  value={month.days}
                  onChange={(event) => changeMonth(index, { days: event.target.value })}
                  sx={{ width: 84, flex: 'none' }}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', 'aria-label': `Days in month ${index + 1}` },
                  }}
                />
                <IconButton
                  aria-label={`Remove month ${index + 1}`}
                  disabled={months.length === 1}
                  onClick={() => setMonths(months.filter((_, at) => at !== index))}
                >
                  <DeleteOutlined />
                </IconButton>
              </Stack>
            ))}
          </Stack>
          <Button
            sx={{ alignSelf: 'flex-start' }}
            disabled={months.length >= MAX_CALENDAR_MONTHS}
            onClick={() => setMonths([...months, { name: '', days: '30' }])}
          >
            Add month
          </Button>
          <TextField
            label="Week days"
            size="small"
            helperText="Their names, separated by commas; leave empty for none."
            value={weekDays}
            onChange={(event) => setWeekDays(event.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Hours per day"
              size="small"
              value={hoursPerDay}
              onChange={(event) => setHoursPerDay(event.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Epoch name"
              size="small"
              helperText="Written after the year, as in 1418 S.R."
              value={epochName}
              onChange={(event) => setEpochName(event.target.value)}
            />
          </Stack>
          <FormControlLabel
            control={<Checkbox checked={yearZero} onChange={(event) => setYearZero(event.target.checked)} />}
            label="There is a year 0 (otherwise year -1 comes right before year 1)"
          />
          <FormRefusal message={shownProblem} />
        </Stack>
      </DialogContent>
      <SaveDialogActions
        saving={saving}
        onCancel={onClose}
        start={
          custom && (
            <Button onClick={onUseGregorian} disabled={saving} sx={{ mr: 'auto' }}>
              Use the Gregorian calendar
            </Button>
          )
        }
      />
    </Dialog>
  );
}
