import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { COMMAND_PRIORITY_EDITOR, createCommand, type LexicalCommand } from 'lexical';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import { assertEditorHasNodes } from '../../nodes';
import {
  ASSOCIATION_MENTION_CLASS,
  AssociationNode,
  associationTypeLabel,
} from '../../nodes/association-node';
import { hasCoarsePointer } from '../../../lib/coarse-pointer';
import { MENTION_LOOKS, mentionStyles } from './mention-styles';
import { mentionNear } from './mention-near';
import { InlineFactList, type InlineFact } from '../../../components/fact-list/inline-fact-list';

/** Opens the association side panel on the association with the given id (spec §2: a click on a mention). */
export const OPEN_ASSOCIATION_COMMAND: LexicalCommand<string> = createCommand('OPEN_ASSOCIATION_COMMAND');

/** Spec §2: what the tooltip of an association without a summary says. */
const NO_DESCRIPTION_HINT = 'Click on the association to add a description.';

/** A pointer that moved further than this between press and release was selecting text. */
const DRAG_SLOP_PX = 4;

function mentionElementOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(`.${ASSOCIATION_MENTION_CLASS}`) : null;
}

interface HoveredMention {
  associationId: string;
  element: HTMLElement;
}

/** A fact the tooltip shows under the summary: as it stands at the chapter being written (issue 25 §2). */
export type TooltipFact = InlineFact;

/** The tooltip lists this many facts at most: it describes, the panel holds the rest. */
const MAX_TOOLTIP_FACTS = 4;

interface AssociationMentionPluginProps {
  /** The story's associations: the tooltip shows their current summary, not the one saved in the text. */
  associations: readonly AssociationListItem[] | null;
  /** Each association's facts standing at the open chapter, by association id; none while unread. */
  facts?: ReadonlyMap<string, readonly TooltipFact[]>;
  onOpenAssociation: (associationId: string) => void;
}

/**
 * How mentions look and answer the pointer (spec §2): a tint and underline per kind, a tooltip on hover with
 * the association's summary (or a hint to add one), and a click that opens the association panel on it (on a
 * touch screen, a tap within a finger's 44 × 44 px of it).
 */
export function AssociationMentionPlugin({
  associations,
  facts,
  onOpenAssociation,
}: AssociationMentionPluginProps) {
  const [editor] = useLexicalComposerContext();
  const [hovered, setHovered] = useState<HoveredMention | null>(null);
  const onOpen = useRef(onOpenAssociation);
  const tooltipId = useId();

  useEffect(() => {
    onOpen.current = onOpenAssociation;
  }, [onOpenAssociation]);

  useEffect(() => {
    assertEditorHasNodes(editor, [AssociationNode], 'AssociationMentionPlugin');
  }, [editor]);

  useEffect(
    () =>
      editor.registerCommand(
        OPEN_ASSOCIATION_COMMAND,
        (associationId) => {
          onOpen.current(associationId);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  );

  useEffect(() => {
    let pressedAt: { x: number; y: number } | null = null;
    const hide = () => setHovered(null);
    const onMouseOver = (event: MouseEvent) => {
      const element = mentionElementOf(event.target);
      const associationId = element?.dataset.associationId;
      if (element && associationId) setHovered({ associationId, element });
    };
    const onMouseOut = (event: MouseEvent) => {
      const left = mentionElementOf(event.target);
      if (left && left !== mentionElementOf(event.relatedTarget)) hide();
    };
    const onMouseDown = (event: MouseEvent) => {
      pressedAt = { x: event.clientX, y: event.clientY };
    };
    const onClick = (event: MouseEvent) => {
      const root = editor.getRootElement();
      // A finger covers more than a word: on a touch screen a tap beside a mention opens it too.
      const mention =
        mentionElementOf(event.target) ??
        (root && hasCoarsePointer() ? mentionNear(root, event.clientX, event.clientY) : null);
      const associationId = mention?.dataset.associationId;
      if (!associationId) return;
      // A drag that selected text is a selection, not a click on the mention.
      if (pressedAt && Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) > DRAG_SLOP_PX)
        return;
      hide();
      editor.dispatchCommand(OPEN_ASSOCIATION_COMMAND, associationId);
    };

    // Scrolling the page or a box holding the text moves the mention away from its tooltip (scrolling beside it,
    // such as the association panel focusing its summary, does not); typing means the author is no longer looking.
    const hideWhenTextScrolls = (event: Event) => {
      const root = editor.getRootElement();
      if (root && event.target instanceof Node && event.target.contains(root)) hide();
    };
    window.addEventListener('scroll', hideWhenTextScrolls, true);
    const unregisterRoot = editor.registerRootListener((root, previousRoot) => {
      previousRoot?.removeEventListener('mouseover', onMouseOver);
      previousRoot?.removeEventListener('mouseout', onMouseOut);
      previousRoot?.removeEventListener('mousedown', onMouseDown);
      previousRoot?.removeEventListener('click', onClick);
      previousRoot?.removeEventListener('keydown', hide);
      root?.addEventListener('mouseover', onMouseOver);
      root?.addEventListener('mouseout', onMouseOut);
      root?.addEventListener('mousedown', onMouseDown);
      root?.addEventListener('click', onClick);
      root?.addEventListener('keydown', hide);
    });
    return () => {
      window.removeEventListener('scroll', hideWhenTextScrolls, true);
      unregisterRoot();
    };
  }, [editor]);

  const association = hovered
    ? associations?.find((candidate) => candidate.association_id === hovered.associationId)
    : undefined;
  const standingFacts = association ? (facts?.get(association.association_id) ?? []) : [];

  // The mention's element belongs to Lexical; it names the tooltip that describes it only while it shows.
  useEffect(() => {
    if (!hovered || !association) return;
    hovered.element.setAttribute('aria-describedby', tooltipId);
    return () => hovered.element.removeAttribute('aria-describedby');
  }, [hovered, association, tooltipId]);

  // Lexical may re-create a mention's element while it is hovered; the tooltip then stays where it was.
  const anchor = useMemo(() => {
    if (!hovered) return null;
    let lastRect = hovered.element.getBoundingClientRect();
    return {
      getBoundingClientRect: () => {
        if (hovered.element.isConnected) lastRect = hovered.element.getBoundingClientRect();
        return lastRect;
      },
    };
  }, [hovered]);

  return (
    <>
      <GlobalStyles styles={mentionStyles} />
      {/* The popper's own element is the tooltip (role="tooltip"), named by the mention it describes. */}
      <Popper
        id={tooltipId}
        open={association !== undefined && anchor !== null}
        anchorEl={anchor}
        placement="top"
        modifiers={[
          { name: 'offset', options: { offset: [0, 8] } },
          { name: 'preventOverflow', options: { padding: 8 } },
        ]}
        // The tooltip explains; it never takes the pointer from the text under it.
        sx={{ pointerEvents: 'none', zIndex: 'tooltip' }}
      >
        {association && (
          <Paper
            elevation={6}
            sx={{
              display: 'flex',
              gap: 1.25,
              p: 1.25,
              maxWidth: 320,
              borderTop: `3px solid ${MENTION_LOOKS[association.association_type].line}`,
            }}
          >
            <Avatar src={association.thumbnail} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.4 }}>
                {associationTypeLabel(association.association_type)}
              </Typography>
              <Typography variant="subtitle2" component="p" sx={{ lineHeight: 1.3, mb: 0.25 }}>
                {association.association_name}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {association.short_description.trim() || NO_DESCRIPTION_HINT}
              </Typography>
              <InlineFactList
                facts={standingFacts.slice(0, MAX_TOOLTIP_FACTS)}
                label="Facts as of this chapter"
                sx={{ mt: 0.5 }}
              />
            </Box>
          </Paper>
        )}
      </Popper>
    </>
  );
}
