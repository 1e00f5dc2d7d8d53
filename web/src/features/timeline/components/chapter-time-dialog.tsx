import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type {
  CalendarRules,
  ChapterTimeRequest,
  TimelineChapter,
} from '../../../../../shared/schemas/story-time';
import { blankDateFields, dateFieldsOf, readDateFields, type DateFields } from '../chapter-time-form';
import { storyDateText } from './chapter-time-text';
import { FormRefusal } from '../../../components/feedback/form-refusal';
import { SaveDialogActions } from '../../../components/feedback/save-dialog-actions';

export interface ChapterTimeDialogProps {
  chapter: TimelineChapter;
  /** '3. The Crossing', as the list names it. */
  chapterName: string;
  calendar: CalendarRules;
  /** The server's refusal (an impossible date in this calendar), shown beside the form. */
  error: string | undefined;
  saving: boolean;
  onSave: (request: ChapterTimeRequest) => void;
  onClose: () => void;
}

interface DateFieldsetProps {
  legend: string;
  calendar: CalendarRules;
  fields: DateFields;
  onChange: (fields: DateFields) => void;
}

/** Year, month (by the calendar's names), day and an optional hour and minute. */
function DateFieldset({ legend, calendar, fields, onChange }: DateFieldsetProps) {
  const field = (name: keyof DateFields) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => onChange({ ...fields, [name]: event.target.value }),
  });
  const small = { flex: '1 1 72px', minWidth: 72 };
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
        <TextField
          label="Year"
          size="small"
          {...field('year')}
          sx={{ flex: '1 1 96px', minWidth: 96 }}
          slotProps={{ htmlInput: { inputMode: 'text', autoComplete: 'off' } }}
        />
        <TextField
          select
          label="Month"
          size="small"
          {...field('month')}
          sx={{ flex: '2 1 140px', minWidth: 140 }}
          slotProps={{ select: { native: true } }}
        >
          {calendar.months.map((month, index) => (
            <option key={month.name} value={String(index + 1)}>
              {month.name}
            </option>
          ))}
        </TextField>
        <TextField
          label="Day"
          size="small"
          {...field('day')}
          sx={small}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <TextField
          label="Hour"
          size="small"
          {...field('hour')}
          sx={small}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        <TextField
          label="Minute"
          size="small"
          {...field('minute')}
          sx={small}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      </Stack>
    </Box>
  );
}

/**
 * Issue 25 §1: when one chapter happens — its start, an optional end, whether it is a flashback — or 'Clear' to
 * let it follow the chapter before it again. The keyboard's and the phone's way to date a chapter.
 */
export function ChapterTimeDialog(props: ChapterTimeDialogProps) {
  const { chapter, chapterName, calendar, error, saving, onSave, onClose } = props;
  // A chapter that follows another starts from the date it follows: the author usually moves on from there.
  const [start, setStart] = useState(() => (chapter.start ? dateFieldsOf(chapter.start) : blankDateFields()));
  const ownEnd = chapter.time_set ? chapter.end : null;
  const [hasEnd, setHasEnd] = useState(ownEnd !== null);
  const [end, setEnd] = useState(() => (ownEnd ? dateFieldsOf(ownEnd) : start));
  const [flashback, setFlashback] = useState(chapter.time_set && chapter.flashback);
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startDate = readDateFields(start, 'start');
    if ('problem' in startDate) return setProblem(startDate.problem);
    const endDate = hasEnd ? readDateFields(end, 'end') : null;
    if (endDate && 'problem' in endDate) return setProblem(endDate.problem);
    setProblem(undefined);
    onSave({ start: startDate, end: endDate, flashback });
  };

  const shownProblem = problem ?? error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" component="form" onSubmit={submit}>
      <DialogTitle>{`Time of ${chapterName}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!chapter.time_set && (
            <Typography variant="body2" color="text.secondary">
              {chapter.start
                ? `No time of its own: it follows the chapter before it (${storyDateText(calendar, chapter.start)}).`
                : 'No time of its own yet, and no chapter before it is dated.'}
            </Typography>
          )}
          <DateFieldset legend="Start" calendar={calendar} fields={start} onChange={setStart} />
          <FormControlLabel
            control={<Checkbox checked={hasEnd} onChange={(event) => setHasEnd(event.target.checked)} />}
            label="It ends on a later date or hour"
          />
          {hasEnd && <DateFieldset legend="End" calendar={calendar} fields={end} onChange={setEnd} />}
          <FormControlLabel
            control={
              <Checkbox checked={flashback} onChange={(event) => setFlashback(event.target.checked)} />
            }
            label="Flashback (set earlier than the chapter before it on purpose)"
          />
          <FormRefusal message={shownProblem} />
        </Stack>
      </DialogContent>
      <SaveDialogActions
        saving={saving}
        onCancel={onClose}
        start={
          chapter.time_set && (
            <Button onClick={() => onSave(null)} disabled={saving} sx={{ mr: 'auto' }}>
              Clear
            </Button>
          )
        }
      />
    </Dialog>
  );
}
