import {
  $createTextNode,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isRootNode,
  $isTextNode,
  type ElementNode,
  type LexicalNode,
  type TextNode,
} from 'lexical';
import {
  isWholeWordAt,
  textMatchesAssociation,
  type AssociationMatcher,
  type AssociationMention,
} from '../../../../../shared/association-matcher';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import {
  $createAssociationNode,
  $isAssociationNode,
  type AssociationMentionFields,
  type AssociationNode,
} from '../../nodes/association-node';

/** What a scan knows of the story's associations, by id. */
export type AssociationsById = ReadonlyMap<string, AssociationListItem>;

function mentionFieldsOf(association: AssociationListItem): AssociationMentionFields {
  return {
    associationId: association.association_id,
    shortDescription: association.short_description,
    associationType: association.association_type,
    portrait: association.portrait,
  };
}

function sameFields(a: AssociationMentionFields, b: AssociationMentionFields): boolean {
  return (
    a.associationId === b.associationId &&
    a.shortDescription === b.shortDescription &&
    a.associationType === b.associationType &&
    a.portrait === b.portrait
  );
}

/** One child of a paragraph and the span of the paragraph's text it holds. */
interface InlineRun {
  node: LexicalNode;
  start: number;
  end: number;
}

function $inlineRuns(paragraph: ElementNode): { text: string; runs: InlineRun[] } {
  let text = '';
  const runs: InlineRun[] = [];
  for (const node of paragraph.getChildren()) {
    const content = node.getTextContent();
    runs.push({ node, start: text.length, end: text.length + content.length });
    text += content;
  }
  return { text, runs };
}

/** Text a mention may be made of: plain text, or a mention being re-drawn. Never tabs, breaks or tokens. */
function isMentionableText(node: LexicalNode): node is TextNode {
  return $isTextNode(node) && (node.isSimpleText() || $isAssociationNode(node)) && !node.isComposing();
}

/**
 * The mentions that can become one node each: those over mentionable text formatted alike throughout (the
 * node has one format, and re-formatting part of the author's text to make a mention is not ours to do).
 * One sweep: mentions come sorted and never overlap.
 */
function wrappableMentions(runs: InlineRun[], mentions: AssociationMention[]): AssociationMention[] {
  const wrappable: AssociationMention[] = [];
  let first = 0;
  for (const mention of mentions) {
    while (first < runs.length && runs[first]!.end <= mention.start) first += 1;
    let format: { format: number; style: string } | null = null;
    let alike = true;
    for (let index = first; alike && index < runs.length && runs[index]!.start < mention.end; index += 1) {
      const { node } = runs[index]!;
      if (!isMentionableText(node)) alike = false;
      else if (format === null) format = { format: node.getFormat(), style: node.getStyle() };
      else alike = node.getFormat() === format.format && node.getStyle() === format.style;
    }
    if (alike && format !== null) wrappable.push(mention);
  }
  return wrappable;
}

/**
 * Reads a paragraph and returns the mentions it must have, or null when its mention nodes already agree with
 * its text: every whole-word match wrapped in one node with the association's current fields, and no other
 * mention node. Read-only, so a keystroke that changes no mention costs one scan and no update.
 */
export function $planParagraph(
  paragraph: ElementNode,
  matcher: AssociationMatcher,
  associations: AssociationsById,
): AssociationMention[] | null {
  const { text, runs } = $inlineRuns(paragraph);
  const mentions = wrappableMentions(runs, matcher.findMentions(text));
  return mentionsAgree(runs, mentions, associations) ? null : mentions;
}

function mentionsAgree(runs: InlineRun[], mentions: AssociationMention[], associations: AssociationsById) {
  let next = 0;
  for (const { node, start, end } of runs) {
    const mention = mentions[next];
    // A mention that ended before this run without meeting its node has not been wrapped.
    if (mention && mention.end <= start) return false;
    if (!$isAssociationNode(node)) {
      if (mention && mention.start < end && end > start) return false;
      continue;
    }
    if (!mention || mention.start !== start || mention.end !== end) return false;
    const association = associations.get(mention.associationId);
    if (!association || !sameFields(node.getMentionFields(), mentionFieldsOf(association))) return false;
    next += 1;
  }
  return next === mentions.length;
}

/** Where the selection's ends sit in a paragraph, as offsets into its text, so they survive re-wrapping. */
interface CapturedPoint {
  end: 'anchor' | 'focus';
  offset: number;
}

function $capturePoints(paragraph: ElementNode, runs: InlineRun[]): CapturedPoint[] {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return [];
  const captured: CapturedPoint[] = [];
  for (const end of ['anchor', 'focus'] as const) {
    const point = selection[end];
    if (point.type === 'text') {
      const run = runs.find((candidate) => candidate.node.getKey() === point.key);
      if (run) captured.push({ end, offset: run.start + point.offset });
    } else if (point.key === paragraph.getKey()) {
      captured.push({ end, offset: runs[point.offset]?.start ?? runs.at(-1)?.end ?? 0 });
    }
  }
  return captured;
}

/**
 * Puts captured ends back at the same text offsets. An offset between two runs goes to the run that ends
 * there, as a caret after typed text does; a mention refuses text at its edges, so typing still lands
 * beside it.
 */
function $restorePoints(paragraph: ElementNode, captured: CapturedPoint[]): void {
  if (captured.length === 0) return;
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const { runs } = $inlineRuns(paragraph);
  for (const { end, offset } of captured) {
    const run =
      runs.find((candidate) => candidate.start < offset && offset <= candidate.end) ??
      runs.find((candidate) => candidate.start === offset);
    if (run && $isTextNode(run.node)) {
      selection[end].set(run.node.getKey(), offset - run.start, 'text');
    } else {
      const index = run ? runs.indexOf(run) : runs.length;
      selection[end].set(paragraph.getKey(), index, 'element');
    }
  }
}

/** The mention back to plain text of the same format, keeping the caret where it was in the text. */
export function $unwrapAssociationNode(node: AssociationNode): TextNode {
  const plain = $createTextNode(node.getTextContent()).setFormat(node.getFormat()).setStyle(node.getStyle());
  const selection = $getSelection();
  const kept = $isRangeSelection(selection)
    ? (['anchor', 'focus'] as const).flatMap((end) =>
        selection[end].type === 'text' && selection[end].key === node.getKey()
          ? [{ end, offset: selection[end].offset }]
          : [],
      )
    : [];
  node.replace(plain);
  const current = $getSelection();
  if ($isRangeSelection(current)) {
    for (const { end, offset } of kept) current[end].set(plain.getKey(), offset, 'text');
  }
  return plain;
}

/** Splits the runs so that exactly [start, end) is covered by whole nodes, and returns those nodes. */
function $isolate(paragraph: ElementNode, start: number, end: number): TextNode[] {
  const covered = $inlineRuns(paragraph).runs.filter((run) => run.end > start && run.start < end);
  const nodes = covered.map((run) => run.node as TextNode);
  const first = covered[0]!;
  const last = covered[covered.length - 1]!;
  if (first === last) {
    const cuts = [start - first.start, end - first.start].filter(
      (cut) => cut > 0 && cut < first.end - first.start,
    );
    const parts = nodes[0]!.splitText(...cuts);
    return [parts[start > first.start ? 1 : 0]!];
  }
  if (end < last.end) nodes[nodes.length - 1] = nodes[nodes.length - 1]!.splitText(end - last.start)[0]!;
  if (start > first.start) nodes[0] = nodes[0]!.splitText(start - first.start)[1]!;
  return nodes;
}

/**
 * Makes a paragraph's mention nodes agree with its planned mentions: stale ones back to plain text, matches
 * wrapped, kept ones refreshed. The selection keeps its place in the text.
 */
export function $applyParagraphPlan(
  paragraph: ElementNode,
  mentions: AssociationMention[],
  associations: AssociationsById,
): void {
  const { runs } = $inlineRuns(paragraph);
  const captured = $capturePoints(paragraph, runs);
  const wanted = new Map(mentions.map((mention) => [`${mention.start}:${mention.end}`, mention]));

  const toWrap = new Set(mentions);
  for (const { node, start, end } of runs) {
    if (!$isAssociationNode(node)) continue;
    const mention = wanted.get(`${start}:${end}`);
    const association = mention && associations.get(mention.associationId);
    if (!mention || !association) {
      $unwrapAssociationNode(node);
      continue;
    }
    toWrap.delete(mention);
    const fields = mentionFieldsOf(association);
    if (!sameFields(node.getMentionFields(), fields)) node.setMentionFields(fields);
  }

  // From the end, so the splits of one mention never move the text of the next one to handle.
  for (const mention of [...toWrap].reverse()) {
    const association = associations.get(mention.associationId);
    if (!association) continue;
    const nodes = $isolate(paragraph, mention.start, mention.end);
    const first = nodes[0]!;
    const node = $createAssociationNode(mentionFieldsOf(association), mention.matchedText)
      .setFormat(first.getFormat())
      .setStyle(first.getStyle());
    first.replace(node);
    for (const rest of nodes.slice(1)) rest.remove();
  }

  $restorePoints(paragraph, captured);
}

/** The plain text right before and after a node: enough of it to judge a word boundary. */
function $neighbourText(node: LexicalNode): { before: string; after: string } {
  const previous = node.getPreviousSibling();
  const next = node.getNextSibling();
  return {
    before: previous ? previous.getTextContent().slice(-2) : '',
    after: next ? next.getTextContent().slice(0, 2) : '',
  };
}

/**
 * Spec §5: a mention is still a mention while its text equals its association's name or an alias and it
 * stands apart from the text around it (whitespace, punctuation or the paragraph's edge on both sides).
 */
export function $isMentionStillValid(node: AssociationNode, associations: AssociationsById): boolean {
  const association = associations.get(node.getAssociationId());
  const text = node.getTextContent();
  if (!association || !textMatchesAssociation(association, text)) return false;
  const { before, after } = $neighbourText(node);
  return isWholeWordAt(before + text + after, before.length, before.length + text.length);
}

/** The top-level element (paragraph) a node belongs to, if it is attached. */
export function $paragraphOf(node: LexicalNode | null | undefined): ElementNode | null {
  if (!node || !node.isAttached()) return null;
  if ($isElementNode(node) && $isRootNode(node.getParent())) return node;
  const topLevel = node.getTopLevelElement();
  return $isElementNode(topLevel) ? topLevel : null;
}
