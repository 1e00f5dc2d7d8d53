import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  BOOK_STYLES,
  BOOK_TRIMS,
  BookSettingsSchema,
  SCENE_BREAK_ORNAMENTS,
  type BookSettings,
  type BookStyle,
  type BookTrim,
} from '../../../../../shared/schemas/book';
import { bookSettingsKeys, bookSettingsQuery, saveBookSettings } from '../../../api/book-settings';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { workspaceAlerts } from '../workspace-messages';
import { BookPreview } from './book-preview';

export const TRIM_LABELS: Record<BookTrim, string> = {
  '5x8': '5 × 8 in',
  '5.25x8': '5.25 × 8 in',
  '5.5x8.5': '5.5 × 8.5 in',
  '6x9': '6 × 9 in (trade paperback)',
  a5: 'A5 (148 × 210 mm)',
};

export const STYLE_LABELS: Record<BookStyle, string> = {
  classic: 'Classic — EB Garamond, capitals and a fleuron',
  modern: 'Modern — Lora, a large chapter number',
  romance: 'Romance — Crimson Pro, script titles',
};

/** The select's value for "the style's own ornament" (null in the settings). */
const STYLE_ORNAMENT = 'style';

/** A select of fixed choices, each shown by its label: trim, style and scene break, in the form and the preview. */
function ChoiceField<Choice extends string>({
  label,
  value,
  choices,
  labelOf,
  onChange,
  helperText,
}: {
  label: string;
  value: Choice;
  choices: readonly Choice[];
  labelOf: (choice: Choice) => string;
  onChange: (choice: Choice) => void;
  helperText?: string;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value as Choice)}
      helperText={helperText}
      sx={{ minWidth: 180 }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {labelOf(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The scene-break select's choices: the style's own ornament (null in the settings), then every glyph. */
const SCENE_BREAK_CHOICES = [STYLE_ORNAMENT, ...SCENE_BREAK_ORNAMENTS] as const;

interface BookSettingsDialogProps {
  open: boolean;
  storyId: string;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} spacing={2}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/**
 * Issue 27 §1: how the story is made into a book — trim, style, scene break, drop cap, language, and the front
 * and back matter. The book layout of every export follows what is saved here. Opened from the export menu.
 */
export function BookSettingsDialog({ open, storyId, onClose }: BookSettingsDialogProps) {
  // Read again at each opening (another tab or device may have saved since), and only then: the form is filled
  // once per opening, so a read that lands while the author types (back online, say) takes nothing typed away.
  const { data, isError, isFetching } = useQuery({ ...bookSettingsQuery(storyId), enabled: open });
  const [saved, setSaved] = useState<BookSettings | null>(null);
  // What was shown stays while the dialog fades out, and goes as it opens again.
  const [shownOpen, setShownOpen] = useState(false);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setSaved(null);
  }
  if (open && saved === null && data && !isFetching) setSaved(data);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="book-settings-title"
    >
      <DialogTitle id="book-settings-title">Book settings</DialogTitle>
      {saved ? (
        <BookSettingsForm storyId={storyId} saved={saved} onClose={onClose} />
      ) : (
        <DialogContent>
          {isError ? (
            <Alert severity="error">The book settings could not be loaded. Try again in a moment.</Alert>
          ) : (
            <CircularProgress aria-label="Loading the book settings" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function BookSettingsForm({
  storyId,
  saved,
  onClose,
}: {
  storyId: string;
  saved: BookSettings;
  onClose: () => void;
}) {
  const [settings, setSettings] = useState(saved);
  const [alsoBy, setAlsoBy] = useState(saved.back_matter.also_by.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { mutate, isPending } = useAlertingMutation({
    mutationFn: (next: BookSettings) => saveBookSettings(storyId, next),
    onSuccess: (stored) => {
      queryClient.setQueryData(bookSettingsKeys.detail(storyId), stored);
      onClose();
    },
    failureLog: 'Saving the book settings failed.',
    failureAlert: workspaceAlerts.bookSettingsSaveFailed,
  });

  const front = <Field extends keyof BookSettings['front_matter']>(
    field: Field,
    value: BookSettings['front_matter'][Field],
  ) => setSettings((current) => ({ ...current, front_matter: { ...current.front_matter, [field]: value } }));
  const back = <Field extends keyof BookSettings['back_matter']>(
    field: Field,
    value: BookSettings['back_matter'][Field],
  ) => setSettings((current) => ({ ...current, back_matter: { ...current.back_matter, [field]: value } }));
  const text = (label: string, value: string, onChange: (value: string) => void, rows = 1) => (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline={rows > 1}
      minRows={rows > 1 ? rows : undefined}
      size="small"
      fullWidth
    />
  );
  const toggle = (label: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
    />
  );

  /** The dialog's settings checked by the shared rules; what is wrong is shown, and nothing is answered. */
  const checked = (): BookSettings | undefined => {
    const titles = alsoBy
      .split('\n')
      .map((title) => title.trim())
      .filter((title) => title !== '');
    const parsed = BookSettingsSchema.safeParse({
      ...settings,
      back_matter: { ...settings.back_matter, also_by: titles },
    });
    setProblem(
      parsed.success ? null : (parsed.error.issues[0]?.message ?? 'These settings cannot be saved.'),
    );
    return parsed.success ? parsed.data : undefined;
  };
  const save = () => {
    const valid = checked();
    if (valid) mutate(valid);
  };
  const [previewed, setPreviewed] = useState<BookSettings | null>(null);
  const preview = () => setPreviewed(checked() ?? null);
  /** A trim or style switched in the preview is the dialog's choice too, kept by Save. */
  const switchInPreview = (change: Partial<Pick<BookSettings, 'trim' | 'style'>>) => {
    setSettings((current) => ({ ...current, ...change }));
    setPreviewed((current) => current && { ...current, ...change });
  };

  const year = settings.front_matter.copyright_year;
  return (
    <>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Section title="Page and style">
            <ChoiceField
              label="Trim size"
              value={settings.trim}
              choices={BOOK_TRIMS}
              labelOf={(trim) => TRIM_LABELS[trim]}
              onChange={(trim) => setSettings({ ...settings, trim })}
            />
            <ChoiceField
              label="Style"
              value={settings.style}
              choices={BOOK_STYLES}
              labelOf={(style) => STYLE_LABELS[style]}
              onChange={(style) => setSettings({ ...settings, style })}
            />
            <ChoiceField
              label="Scene break"
              value={settings.scene_break ?? STYLE_ORNAMENT}
              choices={SCENE_BREAK_CHOICES}
              labelOf={(choice) => (choice === STYLE_ORNAMENT ? 'The style’s own' : choice)}
              onChange={(choice) =>
                setSettings({ ...settings, scene_break: choice === STYLE_ORNAMENT ? null : choice })
              }
              helperText="A paragraph holding only *** or # in the text becomes this."
            />
            {toggle('Drop cap at each chapter’s start', settings.drop_cap, (dropCap) =>
              setSettings({ ...settings, drop_cap: dropCap }),
            )}
            {text('Language (such as en, en-GB, fr)', settings.language, (language) =>
              setSettings({ ...settings, language }),
            )}
          </Section>
          <Section title="Front matter">
            {toggle('Title page', settings.front_matter.title_page, (on) => front('title_page', on))}
            {toggle('Copyright page', settings.front_matter.copyright_page, (on) =>
              front('copyright_page', on),
            )}
            <TextField
              label="Copyright year"
              size="small"
              inputMode="numeric"
              value={year === null ? '' : String(year)}
              placeholder={String(new Date().getFullYear())}
              helperText="Left empty, the year the file is made."
              onChange={(event) => {
                const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
                front('copyright_year', digits === '' ? null : Number(digits));
              }}
            />
            {text(
              'Copyright text (empty: All rights reserved.)',
              settings.front_matter.copyright_text,
              (value) => front('copyright_text', value),
              2,
            )}
            {text('Dedication', settings.front_matter.dedication, (value) => front('dedication', value), 2)}
            {text('Epigraph', settings.front_matter.epigraph, (value) => front('epigraph', value), 2)}
            {text('Epigraph source', settings.front_matter.epigraph_source, (value) =>
              front('epigraph_source', value),
            )}
            {toggle('Table of contents', settings.front_matter.table_of_contents, (on) =>
              front('table_of_contents', on),
            )}
          </Section>
          <Section title="Back matter">
            {text(
              'Acknowledgements',
              settings.back_matter.acknowledgements,
              (value) => back('acknowledgements', value),
              3,
            )}
            {text(
              'About the author',
              settings.back_matter.about_the_author,
              (value) => back('about_the_author', value),
              3,
            )}
            {text('Also by the author (one title per line)', alsoBy, setAlsoBy, 3)}
          </Section>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={preview} sx={{ mr: 'auto' }}>
          Preview
        </Button>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={isPending}>
          Save
        </Button>
      </DialogActions>
      <Dialog
        open={previewed !== null}
        onClose={() => setPreviewed(null)}
        fullScreen
        aria-labelledby="book-preview-title"
      >
        <DialogTitle
          id="book-preview-title"
          component="div"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
        >
          <Typography variant="h6" component="h2" sx={{ mr: 'auto' }}>
            Preview
          </Typography>
          <ChoiceField
            label="Trim size"
            value={settings.trim}
            choices={BOOK_TRIMS}
            labelOf={(trim) => TRIM_LABELS[trim]}
            onChange={(trim) => switchInPreview({ trim })}
          />
          <ChoiceField
            label="Style"
            value={settings.style}
            choices={BOOK_STYLES}
            labelOf={(style) => STYLE_LABELS[style].split(' — ')[0]!}
            onChange={(style) => switchInPreview({ style })}
          />
          <Button onClick={() => setPreviewed(null)}>Close preview</Button>
        </DialogTitle>
        <DialogContent dividers>
          {previewed && <BookPreview storyId={storyId} settings={previewed} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
