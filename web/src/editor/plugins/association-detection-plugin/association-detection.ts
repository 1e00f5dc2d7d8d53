import {
  $getNodeByKey,
  $getRoot,
  $hasUpdateTag,
  HISTORY_MERGE_TAG,
  mergeRegister,
  type EditorState,
  type LexicalEditor,
  type NodeKey,
  type UpdateListenerPayload,
} from 'lexical';
import {
  compileAssociationMatcher,
  type AssociationMatcher,
  type MatchableAssociation,
} from '../../../../../shared/association-matcher';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import { $changedParagraphs, hasChanges } from '../../changed-paragraphs';
import { assertEditorHasNodes, CustomParagraphNode } from '../../nodes';
import { AssociationNode } from '../../nodes/association-node';
import { PROGRAMMATIC_LOAD_TAG } from '../autosave-plugin/paragraph-tracker';
import {
  $applyParagraphPlan,
  $isMentionStillValid,
  $paragraphOf,
  $planParagraph,
  $unwrapAssociationNode,
  type AssociationsById,
} from './association-scan';

/**
 * Tags the detection's own updates: its listener ignores them (they are programmatic, not the author's), and
 * so does the mention transform, which the scan already satisfies.
 */
export const ASSOCIATION_SCAN_TAG = 'loreweaver-association-scan';

/**
 * Paragraphs per update when many are scanned (a new list, a loaded chapter, a long paste). Wrapping a long
 * chapter's mentions is a lot of node work; in slices of this size each update stays short, and the
 * author's keystrokes are handled between them.
 */
const RESCAN_BATCH_PARAGRAPHS = 50;

/** Lets pending updates commit and queued input run before the next slice. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface AssociationDetection {
  /**
   * The story's associations, or null while they are unknown (nothing is wrapped or unwrapped then). The
   * matcher is compiled, and the whole document re-scanned, only when what matching reads has changed.
   * Resolves once the document agrees with the list (or a newer list took over).
   */
  setAssociations(associations: readonly AssociationListItem[] | null): Promise<void>;
  unregister(): void;
}

export interface AssociationDetectionOptions {
  /** How the matcher is built; tests pass a spy. */
  compileMatcher?: (associations: readonly MatchableAssociation[]) => AssociationMatcher;
}

/** Everything matching reads, in order (order breaks ties between associations sharing a name). */
function matchingKey(associations: readonly AssociationListItem[]): string {
  return JSON.stringify(
    associations.map((association) => [
      association.association_id,
      association.association_name,
      association.aliases,
      association.case_sensitive,
    ]),
  );
}

/**
 * Keeps association mentions in the chapter in step with its text (spec §2, §4, §5):
 *
 * - on each update, only the paragraphs it changed (Lexical's dirty elements) are scanned, first read-only;
 *   an update follows only when a mention must be wrapped, unwrapped or refreshed. Typing costs one
 *   paragraph's scan, whatever the chapter's length;
 * - a loaded chapter (an update tagged `PROGRAMMATIC_LOAD_TAG`) is highlighted within that update;
 * - when the association list changes in a way matching can see, the matcher is compiled once and every
 *   paragraph is scanned, in slices, so a long chapter stays responsive while its mentions are drawn;
 * - a mention node whose text stops naming its association, or runs into the text beside it, reverts to plain
 *   text in the same update, through a node transform.
 *
 * Its updates are tagged (`ASSOCIATION_SCAN_TAG`) and skipped by its own listener, and merged into the undo
 * step of the change that caused them. A re-scan caused by the list (not by the author's typing) is also
 * tagged as a programmatic load, so autosave does not re-send every paragraph that mentions a new name; each
 * paragraph's chunk carries its mentions from the next time the author edits it.
 */
export function registerAssociationDetection(
  editor: LexicalEditor,
  options: AssociationDetectionOptions = {},
): AssociationDetection {
  assertEditorHasNodes(editor, [AssociationNode, CustomParagraphNode], 'Association detection');
  const compile = options.compileMatcher ?? compileAssociationMatcher;
  let matcher: AssociationMatcher | null = null;
  let currentKey: string | null = null;
  let associations: AssociationsById = new Map();
  /** Bumped by every new list (and by unregistering): a whole-document scan of an older one stops. */
  let generation = 0;

  /** Plans the paragraphs read-only, then updates only those whose mentions must change. */
  const scan = (state: EditorState, paragraphKeys: NodeKey[], extraTags: string[]) => {
    const active = matcher;
    if (!active) return;
    const stale = state.read(() =>
      paragraphKeys.filter((key) => {
        const paragraph = $paragraphOf($getNodeByKey(key));
        return paragraph !== null && $planParagraph(paragraph, active, associations) !== null;
      }),
    );
    if (stale.length === 0) return;
    editor.update(
      () => {
        for (const key of stale) {
          const paragraph = $paragraphOf($getNodeByKey(key));
          // Planned again: another update may have changed the paragraph since it was read.
          const plan = paragraph && $planParagraph(paragraph, active, associations);
          if (paragraph && plan) $applyParagraphPlan(paragraph, plan, associations);
        }
      },
      { tag: [ASSOCIATION_SCAN_TAG, HISTORY_MERGE_TAG, ...extraTags] },
    );
  };

  /**
   * Scans many paragraphs a slice per update, top first; a newer association list stops it (its own scan
   * covers everything). Paragraphs typed into meanwhile are scanned by their own updates.
   */
  const scanInSlices = async (paragraphKeys: NodeKey[], extraTags: string[]) => {
    const scanGeneration = generation;
    for (let start = 0; start < paragraphKeys.length; start += RESCAN_BATCH_PARAGRAPHS) {
      if (start > 0) await nextTask();
      if (scanGeneration !== generation) return;
      scan(editor.getEditorState(), paragraphKeys.slice(start, start + RESCAN_BATCH_PARAGRAPHS), extraTags);
    }
    await nextTask();
  };

  const rescanDocument = () => {
    generation += 1;
    const keys = editor.getEditorState().read(() => $getRoot().getChildrenKeys());
    return scanInSlices(keys, [PROGRAMMATIC_LOAD_TAG]);
  };

  const onUpdate = (update: UpdateListenerPayload) => {
    if (!matcher || update.tags.has(ASSOCIATION_SCAN_TAG) || !hasChanges(update)) return;
    // Highlighted in its own update (see `$highlightLoadedParagraph`).
    if (update.tags.has(PROGRAMMATIC_LOAD_TAG)) return;
    // Text still being composed by an input method is left alone; the composition's end is an update too.
    if (editor.isComposing()) return;
    const { editorState } = update;
    const paragraphKeys = editorState.read(() =>
      $changedParagraphs(update).map((paragraph) => paragraph.getKey()),
    );
    // A keystroke's paragraph at once, in the same task; a long paste in slices.
    if (paragraphKeys.length <= RESCAN_BATCH_PARAGRAPHS) scan(editorState, paragraphKeys, []);
    else void scanInSlices(paragraphKeys, []);
  };

  /**
   * A loaded chapter is highlighted inside the update that loads it, paragraph by paragraph as Lexical
   * transforms them: the page lays out and paints the chapter once, with its mentions, rather than once bare
   * and again per slice of a later scan (a 150,000-word chapter took seconds more that way).
   */
  const $highlightLoadedParagraph = (paragraph: CustomParagraphNode) => {
    if (!matcher || !$hasUpdateTag(PROGRAMMATIC_LOAD_TAG) || $hasUpdateTag(ASSOCIATION_SCAN_TAG)) return;
    const plan = $planParagraph(paragraph, matcher, associations);
    if (plan) $applyParagraphPlan(paragraph, plan, associations);
  };

  const $revertStaleMention = (node: AssociationNode) => {
    if (!matcher || $hasUpdateTag(ASSOCIATION_SCAN_TAG) || node.isComposing()) return;
    if (!$isMentionStillValid(node, associations)) $unwrapAssociationNode(node);
  };

  const unregister = mergeRegister(
    editor.registerUpdateListener(onUpdate),
    editor.registerNodeTransform(AssociationNode, $revertStaleMention),
    editor.registerNodeTransform(CustomParagraphNode, $highlightLoadedParagraph),
    () => {
      generation += 1;
    },
  );

  return {
    setAssociations(list) {
      if (list === null) {
        generation += 1;
        matcher = null;
        currentKey = null;
        associations = new Map();
        return Promise.resolve();
      }
      associations = new Map(list.map((association) => [association.association_id, association]));
      const key = matchingKey(list);
      if (key === currentKey) return Promise.resolve();
      currentKey = key;
      matcher = compile(list);
      return rescanDocument();
    },
    unregister,
  };
}
