import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  Association,
  AssociationChanges,
  AssociationListItem,
} from '../../../../../shared/schemas/associations';
import {
  ASSOCIATION_SUMMARY_MAX_BYTES,
  aliasesProblem,
  truncateToUtf8Bytes,
} from '../../../../../shared/validation';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { associationQuery, updateAssociation, uploadPortrait } from '../../../api/associations';
import { associationSaveFailedAlert } from '../association-alerts';
import { toListItem, type AssociationEdits } from '../types';

/** Spec §9: what the panel showed is cleared this long after it closes, once it has slid away. */
const PANEL_CLEAR_DELAY_MS = 500;

/**
 * Spec §4 "Association panel": closed; loading (details being fetched, fields locked); read-only (locked
 * while it closes, or when the details could not be fetched); editing (details loaded, fields unlocked).
 */
export type AssociationPanelPhase = 'closed' | 'loading' | 'read-only' | 'editing';

export interface AssociationPanelState {
  open: boolean;
  phase: AssociationPanelPhase;
  associationId: string | null;
  /** The copy first fetched: a save is sent only when the local copy differs from it. */
  original: Association | null;
  /** The local copy the fields apply to. */
  draft: Association | null;
  /** Opened on an association just created: its summary takes the caret, ready to be written. */
  focusSummary?: boolean;
}

const CLOSED: AssociationPanelState = {
  open: false,
  phase: 'closed',
  associationId: null,
  original: null,
  draft: null,
};

/** The fields the author changed, as the update call takes them; null when nothing changed. */
function changedFields(original: Association, draft: Association): AssociationChanges | null {
  const changes: Omit<AssociationChanges, 'association_id'> = {};
  if (draft.short_description !== original.short_description)
    changes.short_description = draft.short_description;
  if (draft.aliases !== original.aliases) changes.aliases = draft.aliases;
  if (draft.case_sensitive !== original.case_sensitive) changes.case_sensitive = draft.case_sensitive;
  if (draft.details.extended_description !== original.details.extended_description) {
    changes.details = { extended_description: draft.details.extended_description };
  }
  return Object.keys(changes).length === 0 ? null : { association_id: original.association_id, ...changes };
}

/** The local copy with the author's edits: the summary cut to its 200 bytes (spec §5). */
function withEdits(draft: Association, edits: AssociationEdits): Association {
  return {
    ...draft,
    ...(edits.short_description !== undefined && {
      short_description: truncateToUtf8Bytes(edits.short_description, ASSOCIATION_SUMMARY_MAX_BYTES),
    }),
    ...(edits.aliases !== undefined && { aliases: edits.aliases }),
    ...(edits.case_sensitive !== undefined && { case_sensitive: edits.case_sensitive }),
    ...(edits.background !== undefined && { details: { extended_description: edits.background } }),
  };
}

export interface AssociationPanelController {
  state: AssociationPanelState;
  /**
   * Opens the panel on an association, or switches it: pending changes are saved first. With `focusSummary`
   * (an association just created) the summary field takes focus once it can be edited.
   */
  openAssociation: (associationId: string, options?: { focusSummary?: boolean }) => void;
  /** Saves pending changes, locks the panel and clears it 500 ms later. */
  closePanel: () => void;
  /**
   * Applies edits to the local copy (and to the story's list, so highlights follow at once). Returns the
   * spec's message, and applies nothing, when the aliases would break the alias rule.
   */
  applyEdits: (edits: AssociationEdits) => string | undefined;
  /** Uploads a new portrait for the association being edited. */
  replacePortrait: (file: File) => Promise<void>;
  /** Takes the association's new name, renamed on the server (rename everywhere), into the panel and the list. */
  applyRename: (renamed: Association) => void;
  /** Drops an association that no longer exists from the panel, without saving it. */
  forgetAssociation: (associationId: string) => void;
}

interface UseAssociationPanelOptions {
  storyId: string;
  /** Changes one association of the story's list. */
  updateListItem: (associationId: string, update: (item: AssociationListItem) => AssociationListItem) => void;
}

/** The association side panel's states and transitions (spec §4), and its calls. */
export function useAssociationPanel({
  storyId,
  updateListItem,
}: UseAssociationPanelOptions): AssociationPanelController {
  const { showAlert } = useAlerts();
  const queryClient = useQueryClient();
  const [state, setRenderedState] = useState<AssociationPanelState>(CLOSED);
  // Transitions read the latest state, not the one of the render that created the handler.
  const current = useRef<AssociationPanelState>(CLOSED);
  const fetchGeneration = useRef(0);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastSave = useRef<Promise<void>>(Promise.resolve());
  /** The local copy last sent, so closing and then leaving the page does not send it twice. */
  const lastSent = useRef<Association | null>(null);

  const setState = useCallback((next: AssociationPanelState) => {
    current.current = next;
    setRenderedState(next);
  }, []);

  const save = useCallback(
    (from: AssociationPanelState, options: { keepalive?: boolean } = {}): Promise<void> => {
      const changes = from.original && from.draft ? changedFields(from.original, from.draft) : null;
      if (!changes || from.draft === lastSent.current) return lastSave.current;
      lastSent.current = from.draft;
      const saving = updateAssociation(storyId, changes, options).then(
        (stored) => {
          // While the association is being edited again, the local copy is newer than what this stored.
          const { phase, associationId } = current.current;
          if (phase !== 'editing' || associationId !== stored.association_id) {
            updateListItem(stored.association_id, () => toListItem(stored));
          }
        },
        (error: unknown) => {
          console.error('Saving the association failed.', error);
          showAlert(associationSaveFailedAlert(error));
        },
      );
      lastSave.current = saving;
      return saving;
    },
    [storyId, updateListItem, showAlert],
  );

  const openAssociation = useCallback(
    (associationId: string, options: { focusSummary?: boolean } = {}) => {
      const previous = current.current;
      if (previous.open && previous.associationId === associationId) return;
      clearTimeout(clearTimer.current);
      const saved = save(previous);
      setState({
        open: true,
        phase: 'loading',
        associationId,
        original: null,
        draft: null,
        focusSummary: options.focusSummary ?? false,
      });
      const generation = ++fetchGeneration.current;
      // After the save, so reopening the association just left reads what was stored.
      saved
        .then(() => queryClient.fetchQuery(associationQuery(storyId, associationId)))
        .then(
          (association) => {
            if (generation !== fetchGeneration.current) return;
            setState({ ...current.current, phase: 'editing', original: association, draft: association });
          },
          (error: unknown) => {
            if (generation !== fetchGeneration.current) return;
            console.error('Loading the association failed.', error);
            setState({ ...current.current, phase: 'read-only' });
          },
        );
    },
    [queryClient, save, setState, storyId],
  );

  const closePanel = useCallback(() => {
    const previous = current.current;
    if (!previous.open) return;
    void save(previous);
    fetchGeneration.current += 1;
    setState({ ...previous, open: false, phase: 'read-only' });
    clearTimer.current = setTimeout(() => setState(CLOSED), PANEL_CLEAR_DELAY_MS);
  }, [save, setState]);

  const applyEdits = useCallback(
    (edits: AssociationEdits) => {
      const { phase, draft } = current.current;
      if (phase !== 'editing' || !draft) return undefined;
      const next = withEdits(draft, edits);
      const problem = aliasesProblem(next);
      if (problem) return problem;
      setState({ ...current.current, draft: next });
      updateListItem(next.association_id, (item) => ({
        ...item,
        short_description: next.short_description,
        aliases: next.aliases,
        case_sensitive: next.case_sensitive,
      }));
      return undefined;
    },
    [setState, updateListItem],
  );

  const replacePortrait = useCallback(
    async (file: File) => {
      const { phase, draft } = current.current;
      if (phase !== 'editing' || !draft) return;
      try {
        const url = await uploadPortrait(storyId, draft.association_id, draft.association_type, file);
        updateListItem(draft.association_id, (item) => ({ ...item, portrait: url, thumbnail: url }));
        const latest = current.current;
        if (latest.associationId === draft.association_id && latest.original && latest.draft) {
          // Stored by the upload itself, so it is no pending change.
          setState({
            ...latest,
            original: { ...latest.original, portrait: url },
            draft: { ...latest.draft, portrait: url },
          });
        }
      } catch (error) {
        console.error('Uploading the portrait failed.', error);
      }
    },
    [setState, storyId, updateListItem],
  );

  const applyRename = useCallback(
    (renamed: Association) => {
      const name = renamed.association_name;
      const latest = current.current;
      if (latest.associationId === renamed.association_id && latest.original && latest.draft) {
        // Stored by the rename itself, so it is no pending change; the fields being edited stay as they are.
        setState({
          ...latest,
          original: { ...latest.original, association_name: name },
          draft: { ...latest.draft, association_name: name },
        });
      }
      updateListItem(renamed.association_id, (item) => ({ ...item, association_name: name }));
    },
    [setState, updateListItem],
  );

  const forgetAssociation = useCallback(
    (associationId: string) => {
      if (current.current.associationId !== associationId) return;
      clearTimeout(clearTimer.current);
      fetchGeneration.current += 1;
      setState(CLOSED);
    },
    [setState],
  );

  // Leaving the workspace saves what is pending; closing the tab too, with a request that outlives the page.
  useEffect(() => {
    const saveOnPageHide = () => void save(current.current, { keepalive: true });
    window.addEventListener('pagehide', saveOnPageHide);
    return () => {
      window.removeEventListener('pagehide', saveOnPageHide);
      clearTimeout(clearTimer.current);
      void save(current.current);
    };
  }, [save]);

  return useMemo(
    () => ({
      state,
      openAssociation,
      closePanel,
      applyEdits,
      replacePortrait,
      applyRename,
      forgetAssociation,
    }),
    [state, openAssociation, closePanel, applyEdits, replacePortrait, applyRename, forgetAssociation],
  );
}
