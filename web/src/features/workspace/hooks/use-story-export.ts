import type { ChapterStage } from '../../../../../shared/schemas/chapter';
import type { ExportLayout, ExportType } from '../../../../../shared/schemas/export';
import { getExportJob, requestExport } from '../../../api/exports';
import type { AlertOptions } from '../../../components/alerts/alert-types';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { flushAllChapterQueues } from '../../../editor/autosave';
import { ApiError } from '../../../lib/api-client';
import { hasCoarsePointer } from '../../../lib/coarse-pointer';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { exportAlerts } from '../workspace-messages';

/** What the menu calls each type. */
export const EXPORT_TYPE_LABELS: Record<ExportType, string> = { pdf: 'PDF', docx: 'DOCX', epub: 'EPUB' };

/** Between polls of a job the server is still making (after its own wait of several seconds). */
const POLL_INTERVAL_MS = 2_000;
/** Past the worker's own time limit: a job still running by then is not coming. */
const GIVE_UP_AFTER_MS = 5 * 60 * 1000;

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Spec §6/§8: a 401 means the account has no subscription; anything else is the generic export error. */
function exportFailedAlert(error: Error): AlertOptions {
  return error instanceof ApiError && error.status === 401
    ? exportAlerts.insufficientSubscription
    : exportAlerts.failed(window.location.host);
}

export interface ExportVariables {
  type: ExportType;
  layout: ExportLayout;
  /** Only the chapters at these stages; every chapter when left out. */
  stages?: ChapterStage[];
  /** DOCX only: the comment threads as Word comments. */
  includeComments?: boolean;
  /** DOCX only: the open suggestions as tracked changes. */
  includeSuggestions?: boolean;
}

/**
 * Exports the story: first sends what autosave still holds (the server renders what it has stored), then asks
 * for the file and follows the job until its link arrives, then shows 'Conversion complete' with the link.
 * `pending` names the type being made, for the menu's progress.
 */
export function useStoryExport(story: { storyId: string; title: string }) {
  const { showAlert } = useAlerts();
  const mutation = useAlertingMutation({
    failureLog: 'Exporting the story failed.',
    failureAlert: exportFailedAlert,
    mutationFn: async ({ type, layout, stages, includeComments, includeSuggestions }: ExportVariables) => {
      await flushAllChapterQueues();
      const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
      // Asked for only when ticked, and only of a Word file: PDF and EPUB carry no comments.
      const review =
        type === 'docx'
          ? {
              ...(includeComments ? { include_comments: true } : {}),
              ...(includeSuggestions ? { include_suggestions: true } : {}),
            }
          : {};
      let answer = await requestExport(story, type, layout, stages, review);
      while (!('url' in answer)) {
        if (Date.now() > giveUpAt) throw new Error('The export is taking too long.');
        await pause(POLL_INTERVAL_MS);
        answer = await getExportJob(story.storyId, answer.job_id);
      }
      return answer.url;
    },
    onSuccess: (url, { type }) =>
      showAlert(
        exportAlerts.complete({ url, text: `Download ${EXPORT_TYPE_LABELS[type]}` }, hasCoarsePointer()),
      ),
  });
  return {
    startExport: (variables: ExportVariables) => mutation.mutate(variables),
    pending: mutation.isPending ? mutation.variables.type : undefined,
  };
}
