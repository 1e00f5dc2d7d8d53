import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { versionKeys } from '../../../api/versions';
import { WorkspaceSidePanel } from '../../../components/workspace-side-panel/workspace-side-panel';
import { VersionComparison } from './version-comparison';
import { VersionList } from './version-list';
import type { VersionSummary } from '../../../../../shared/schemas/versions';

/** How the page keeps the open editor and the server's text in step around a change made on the server. */
export interface ChapterTextChanges {
  /** Sends what autosave holds; false when some of it could not be sent (the change must then wait). */
  beforeTextChange: () => Promise<boolean>;
  /** Reloads the open chapter from what is stored. */
  afterTextChange: () => void;
}

interface VersionsPanelProps {
  open: boolean;
  onClose: () => void;
  /** Beside the manuscript (wide screens) rather than over it. */
  docked: boolean;
  storyId: string;
  chapterId: string;
  chapterTitle: string;
  textChanges: ChapterTextChanges;
}

/**
 * The open chapter's versions (issue 14 §2): save one by name, list them, and choose one to see it compared
 * with the current text and restore it. Beside the manuscript on wide screens, over the page on phones.
 */
export function VersionsPanel({
  open,
  onClose,
  docked,
  storyId,
  chapterId,
  chapterTitle,
  textChanges,
}: VersionsPanelProps) {
  const [chosen, setChosen] = useState<VersionSummary | undefined>(undefined);
  const queryClient = useQueryClient();

  const close = () => {
    setChosen(undefined);
    onClose();
  };

  return (
    <WorkspaceSidePanel
      open={open}
      onClose={close}
      docked={docked}
      title="Versions"
      closeLabel="Close versions"
      overline={chapterTitle}
      closeOnEscape
      headerStart={
        chosen && (
          <IconButton aria-label="All versions" onClick={() => setChosen(undefined)} sx={{ ml: -1 }}>
            <ArrowBackOutlined />
          </IconButton>
        )
      }
    >
      {open &&
        (chosen ? (
          <VersionComparison
            storyId={storyId}
            chapterId={chapterId}
            version={chosen}
            textChanges={textChanges}
            onRestored={() => {
              setChosen(undefined);
              void queryClient.invalidateQueries({ queryKey: versionKeys.chapter(storyId, chapterId) });
            }}
          />
        ) : (
          <VersionList
            storyId={storyId}
            chapterId={chapterId}
            textChanges={textChanges}
            onChoose={setChosen}
          />
        ))}
    </WorkspaceSidePanel>
  );
}
