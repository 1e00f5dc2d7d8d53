import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { sectionOfChapter } from '../../../../../shared/outline';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { OutlineSection, OutlineSectionInput } from '../../../../../shared/schemas/outline';
import { outlineColour } from '../../../theme/outline-colors';
import { OUTLINE_TEXT_MAX_LENGTH } from '../../../../../shared/validation';

interface OutlineSectionPanelProps {
  section: OutlineSection;
  outline: OutlineSection[];
  /** The story's chapters, sorted by place. */
  chapters: Chapter[];
  onSave: (change: OutlineSectionInput) => void;
}

/**
 * One part of the outline (spec §2, §4): header, description, the author's text (saved when the field loses
 * focus, only if its trimmed text changed) and the 'Assign Chapters' checklist, where chapters of other
 * sections are hidden and this section's come first, checked.
 */
export function OutlineSectionPanel({ section, outline, chapters, onSave }: OutlineSectionPanelProps) {
  const [text, setText] = useState(section.text);
  // The stored text changes under the field when a save is undone or the outline is replaced.
  const [storedText, setStoredText] = useState(section.text);
  if (section.text !== storedText) {
    setStoredText(section.text);
    setText(section.text);
  }
  const checklistId = useId();
  // The summary's ids label the section's region for assistive technology.
  const summaryId = useId();
  const regionId = useId();

  const assigned = chapters.filter((chapter) => section.chapters.includes(chapter.id));
  const unassigned = chapters.filter((chapter) => !sectionOfChapter(outline, chapter.id));

  const saveText = () => {
    const trimmed = text.trim();
    if (trimmed !== section.text.trim()) onSave({ place: section.place, text: trimmed });
  };

  const toggle = (chapterId: string, checked: boolean) =>
    onSave({
      place: section.place,
      chapters: checked
        ? [...section.chapters, chapterId]
        : section.chapters.filter((id) => id !== chapterId),
    });

  return (
    <Accordion
      disableGutters
      elevation={0}
      square
      sx={{ bgcolor: 'transparent', '&::before': { opacity: 0.6 } }}
    >
      <AccordionSummary
        id={summaryId}
        aria-controls={regionId}
        expandIcon={<ExpandMore />}
        sx={{ px: 1, minHeight: 44 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            aria-hidden
            sx={{
              width: 10,
              height: 10,
              flex: '0 0 auto',
              borderRadius: '50%',
              bgcolor: outlineColour(section.header),
            }}
          />
          <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
            {section.header}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: 1, pt: 0, pb: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {section.description}
        </Typography>
        <TextField
          label={`Notes for ${section.header}`}
          multiline
          minRows={3}
          maxRows={12}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={saveText}
          slotProps={{ htmlInput: { maxLength: OUTLINE_TEXT_MAX_LENGTH } }}
          fullWidth
          size="small"
        />
        <Box>
          <Typography id={checklistId} variant="subtitle2" component="h4">
            Assign Chapters
          </Typography>
          {assigned.length + unassigned.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Every chapter is assigned to another section.
            </Typography>
          ) : (
            <FormGroup role="group" aria-labelledby={checklistId}>
              {[...assigned, ...unassigned].map((chapter) => (
                <FormControlLabel
                  key={chapter.id}
                  label={chapter.title}
                  control={
                    <Checkbox
                      size="small"
                      checked={section.chapters.includes(chapter.id)}
                      onChange={(event) => toggle(chapter.id, event.target.checked)}
                    />
                  }
                  slotProps={{ typography: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
                  sx={{ minWidth: 0, mr: 0 }}
                />
              ))}
            </FormGroup>
          )}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
