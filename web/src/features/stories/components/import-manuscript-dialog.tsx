import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import {
  MANUSCRIPT_EXTENSIONS,
  MANUSCRIPT_MAX_BYTES,
  MANUSCRIPT_TOO_LARGE_MESSAGE,
  MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE,
  manuscriptExtension,
} from '../../../../../shared/manuscript-import';
import type { Series } from '../../../../../shared/schemas/series';
import type { ImportStoryForm } from '../../../../../shared/schemas/story';
import { STORY_DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../../../../shared/validation';
import { seriesAssignmentFor } from '../series-assignment';
import { IMPORT_MANUSCRIPT_LABEL } from './import-manuscript-label';
import { SeriesField } from './series-field';

const ACCEPTED_FILES = MANUSCRIPT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

interface ImportManuscriptDialogProps {
  open: boolean;
  seriesList: Series[];
  /** True while the upload is under way. */
  importing: boolean;
  /** The server's refusal of the last attempt, shown in the dialog so another file can be chosen. */
  refusal: string | undefined;
  onImport: (fields: ImportStoryForm, manuscript: File) => void;
  onClose: () => void;
}

/** What the browser can tell about a file before sending it; the server still checks its content. */
function fileProblem(file: File): string | undefined {
  if (!manuscriptExtension(file.name)) return MANUSCRIPT_UNSUPPORTED_TYPE_MESSAGE;
  if (file.size > MANUSCRIPT_MAX_BYTES) return MANUSCRIPT_TOO_LARGE_MESSAGE;
  return undefined;
}

/**
 * Issue 14 §1: the story list's import. A manuscript file (Word, Markdown or plain text) and, optionally,
 * the story's title, description and series; left blank, the server takes the title from the file's name.
 */
export function ImportManuscriptDialog({
  open,
  seriesList,
  importing,
  refusal,
  onImport,
  onClose,
}: ImportManuscriptDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const fileHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [seriesName, setSeriesName] = useState('');
  const problem = file ? fileProblem(file) : undefined;
  const assignment = seriesAssignmentFor(seriesName, seriesList);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || problem || importing) return;
    onImport(
      {
        title: title.trim() || undefined,
        description: description.trim() || undefined,
        series_id: assignment.kind === 'existing' ? assignment.seriesId : undefined,
        series_title: assignment.kind === 'new' ? assignment.title : undefined,
      },
      file,
    );
  };

  return (
    <Dialog
      open={open}
      onClose={importing ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id={titleId}>{IMPORT_MANUSCRIPT_LABEL}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Typography color="text.secondary" id={fileHintId}>
            A Word (.docx), Markdown (.md) or plain text (.txt) file of at most 15 MB. Chapters start at each
            heading (or at lines like &lsquo;Chapter 12&rsquo; in plain text); bold, italic, underline and
            strikethrough are kept.
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              sx={{ flexShrink: 0 }}
            >
              Choose a file
              <input
                type="file"
                hidden
                accept={ACCEPTED_FILES}
                aria-label="Manuscript file"
                aria-describedby={fileHintId}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography
              noWrap
              color={file ? 'text.primary' : 'text.secondary'}
              sx={{ minWidth: 0 }}
              title={file?.name}
            >
              {file?.name ?? 'No file chosen'}
            </Typography>
          </Stack>
          {(problem ?? refusal) && <Alert severity="error">{problem ?? refusal}</Alert>}
          <TextField
            label="Title (optional)"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            helperText="Left blank, the file's name is the title."
            slotProps={{ htmlInput: { maxLength: TITLE_MAX_LENGTH } }}
          />
          <TextField
            label="Description (optional)"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: STORY_DESCRIPTION_MAX_LENGTH } }}
          />
          <SeriesField
            value={seriesName}
            onChange={setSeriesName}
            seriesList={seriesList}
            assignment={assignment}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={importing}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!file || !!problem || importing}>
          {importing ? 'Importing…' : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
