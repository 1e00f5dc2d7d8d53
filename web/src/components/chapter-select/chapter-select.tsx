import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Chapter } from '../../../../shared/schemas/chapter';

/** "3. Amon Hen": a chapter named with its place, as the chapter lists show it. */
export const chapterName = (chapter: Pick<Chapter, 'place' | 'title'>) =>
  `${chapter.place}. ${chapter.title}`;

interface ChapterSelectProps {
  label: string;
  chapters: readonly Chapter[];
  value: string;
  onChange: (chapterId: string) => void;
  sx?: TextFieldProps['sx'];
}

/** A small select of the story's chapters in place order ('As of chapter', 'True from chapter'). */
export function ChapterSelect({ label, chapters, value, onChange, sx }: ChapterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
    >
      {chapters.map((chapter) => (
        <MenuItem key={chapter.id} value={chapter.id}>
          {chapterName(chapter)}
        </MenuItem>
      ))}
    </TextField>
  );
}
