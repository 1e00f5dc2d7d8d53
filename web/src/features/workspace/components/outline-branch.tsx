import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { OutlineTemplateType } from '../../../../../shared/outline-templates';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { OutlineSection } from '../../../../../shared/schemas/outline';
import { useCreateOutline, useSaveOutlineSection } from '../hooks/use-outline-mutations';
import { FlyoutBranchHeader } from './flyout-branch-header';
import { OutlineSectionPanel } from './outline-section-panel';
import { OutlineTemplateDialog } from './outline-template-dialog';
import { ReplaceOutlineDialog } from './replace-outline-dialog';

interface OutlineBranchProps {
  /** Spec §6: the Outline branch is disabled for accounts without a subscription. */
  enabled: boolean;
  storyId: string;
  /** Sorted by place. */
  chapters: Chapter[];
  outline: OutlineSection[];
}

type Step = 'closed' | 'warning' | 'templates';

/**
 * The flyout's Outline branch (spec §2): one collapsible section per part of the outline, then Create Outline
 * (Replace Outline once there is one, after the spec's warning), which opens the template dialog.
 */
export function OutlineBranch({ enabled, storyId, chapters, outline }: OutlineBranchProps) {
  const [expanded, setExpanded] = useState(false);
  const [step, setStep] = useState<Step>('closed');
  const contentId = useId();
  const createOutline = useCreateOutline(storyId);
  const saveSection = useSaveOutlineSection(storyId);
  const hasOutline = outline.length > 0;

  const chooseTemplate = (type: OutlineTemplateType) => {
    setStep('closed');
    void createOutline(type);
  };

  return (
    <>
      <FlyoutBranchHeader
        label="Outline"
        secondary={enabled ? undefined : 'For subscribers'}
        expanded={expanded}
        onToggle={() => setExpanded((open) => !open)}
        controlsId={contentId}
        disabled={!enabled}
      />
      {enabled && (
        <Collapse in={expanded} id={contentId}>
          <Box sx={{ pl: 4.5, pr: 1, pb: 2 }}>
            {hasOutline ? (
              outline.map((section) => (
                <OutlineSectionPanel
                  key={`${section.place}:${section.header}`}
                  section={section}
                  outline={outline}
                  chapters={chapters}
                  onSave={saveSection}
                />
              ))
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                Plan this story on a story-structure template, then assign its chapters to the parts.
              </Typography>
            )}
            <Button
              variant="outlined"
              size="small"
              startIcon={<Add />}
              onClick={() => setStep(hasOutline ? 'warning' : 'templates')}
              sx={{ mt: 1.5 }}
            >
              {hasOutline ? 'Replace Outline' : 'Create Outline'}
            </Button>
          </Box>
        </Collapse>
      )}
      <ReplaceOutlineDialog
        open={step === 'warning'}
        onCancel={() => setStep('closed')}
        onProceed={() => setStep('templates')}
      />
      <OutlineTemplateDialog
        open={step === 'templates'}
        onCancel={() => setStep('closed')}
        onChoose={chooseTemplate}
      />
    </>
  );
}
