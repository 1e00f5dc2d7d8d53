import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import {
  $createTextNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  UNDO_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { describe, expect, it, vi } from 'vitest';
import { compileAssociationMatcher, type MatchableAssociation } from '../../../../shared/association-matcher';
import type { AssociationListItem } from '../../../../shared/schemas/associations';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import {
  $createAssociationNode,
  $isAssociationNode,
} from '../../../../web/src/editor/nodes/association-node';
import { registerAssociationDetection } from '../../../../web/src/editor/plugins/association-detection-plugin';
import { PROGRAMMATIC_LOAD_TAG } from '../../../../web/src/editor/plugins/autosave-plugin/paragraph-tracker';
import { buildAssociationListItem } from '../../helpers/association-fixtures';
import { commit, createChapterTestEditor, seedParagraphs, trackParagraphs } from '../helpers/headless-editor';

const BOLD = 1;
const ITALIC = 2;

/** A list item with a summary of its own, as the mention fields carry it. */
function association(id: string, name: string, overrides: Partial<AssociationListItem> = {}) {
  return buildAssociationListItem(id, name, { short_description: `About ${name}.`, ...overrides });
}

const frodo = association('frodo', 'Frodo', { aliases: 'Mr. Underhill' });
const shire = association('shire', 'the Shire', { association_type: 'place' });

/** The follow-up update of the detection commits a moment after the change that caused it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Each paragraph as its runs: plain text as is, mentions as [text→id]. */
function runs(editor: LexicalEditor): string[] {
  return editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((paragraph) =>
        $isElementNode(paragraph)
          ? paragraph
              .getChildren()
              .map((node) =>
                $isAssociationNode(node)
                  ? `[${node.getTextContent()}→${node.getAssociationId()}]`
                  : node.getTextContent(),
              )
              .join('')
          : '',
      ),
  );
}

/** Types text at the end of paragraph `index`, as a keystroke's update would. */
function typeAtEnd(editor: LexicalEditor, index: number, text: string) {
  commit(editor, () => {
    $getRoot().getChildAtIndex(index)!.selectEnd();
    const selection = $getSelection();
    if ($isRangeSelection(selection)) selection.insertText(text);
  });
}

function typeAtCaret(editor: LexicalEditor, text: string) {
  commit(editor, () => {
    const selection = $getSelection();
    if ($isRangeSelection(selection)) selection.insertText(text);
  });
}

/** A matcher factory that records which texts were scanned. */
function spyingCompiler() {
  const scanned: string[] = [];
  const compile = vi.fn((associations: readonly MatchableAssociation[]) => {
    const matcher = compileAssociationMatcher(associations);
    return {
      findMentions: (text: string) => {
        scanned.push(text);
        return matcher.findMentions(text);
      },
    };
  });
  return { compile, scanned };
}

async function detectIn(texts: string[], associations: AssociationListItem[] | null = [frodo, shire]) {
  const editor = createChapterTestEditor();
  seedParagraphs(editor, texts);
  const spy = spyingCompiler();
  const detection = registerAssociationDetection(editor, { compileMatcher: spy.compile });
  await detection.setAssociations(associations);
  return { editor, detection, ...spy };
}

describe('association detection', () => {
  it('wraps every whole-word mention of a name or an alias once the list arrives', async () => {
    // Act
    const { editor } = await detectIn([
      'Frodo left the Shire at dawn.',
      'Nobody knew Mr. Underhill, not even in Annex or Frodosburg.',
      "FRODO's pack was heavy.",
    ]);

    // Assert
    expect(runs(editor)).toEqual([
      '[Frodo→frodo] left [the Shire→shire] at dawn.',
      'Nobody knew [Mr. Underhill→frodo], not even in Annex or Frodosburg.',
      "[FRODO→frodo]'s pack was heavy.",
    ]);
  });

  it("gives each mention its association's fields and keeps the words' formatting", async () => {
    // Arrange
    const editor = createChapterTestEditor();
    commit(editor, () => {
      $getRoot()
        .clear()
        .append(
          $createCustomParagraphNode('p1').append($createTextNode('Then Frodo ran.').setFormat(ITALIC)),
        );
    });

    // Act
    const detection = registerAssociationDetection(editor);
    await detection.setAssociations([frodo]);

    // Assert
    const mention = editor.getEditorState().read(() => {
      const node = $getRoot().getFirstDescendant()?.getNextSibling();
      return $isAssociationNode(node) ? { ...node.getMentionFields(), format: node.getFormat() } : null;
    });
    expect(mention).toEqual({
      associationId: 'frodo',
      shortDescription: 'About Frodo.',
      associationType: 'character',
      portrait: '/images/defaults/portraits/character.svg',
      format: ITALIC,
    });
  });

  it('leaves a name alone whose letters are formatted differently', async () => {
    // Arrange
    const editor = createChapterTestEditor();
    commit(editor, () => {
      $getRoot()
        .clear()
        .append(
          $createCustomParagraphNode('p1').append(
            $createTextNode('Fro').setFormat(BOLD),
            $createTextNode('do waited.'),
          ),
        );
    });

    // Act
    await registerAssociationDetection(editor).setAssociations([frodo]);

    // Assert
    expect(runs(editor)).toEqual(['Frodo waited.']);
  });

  it('honours case sensitivity', async () => {
    // Act
    const { editor } = await detectIn(
      ['Hope and hope.'],
      [association('hope', 'Hope', { case_sensitive: true })],
    );

    // Assert
    expect(runs(editor)).toEqual(['[Hope→hope] and hope.']);
  });

  it('scans only the paragraph an edit changed', async () => {
    // Arrange
    const texts = Array.from({ length: 50 }, (_, index) => `Paragraph ${index} where Frodo walks.`);
    const { editor, scanned } = await detectIn(texts);
    expect(new Set(scanned)).toEqual(new Set(texts));
    scanned.length = 0;

    // Act
    typeAtEnd(editor, 7, ' Then the Shire.');
    await settle();

    // Assert
    expect(new Set(scanned)).toEqual(new Set(['Paragraph 7 where Frodo walks. Then the Shire.']));
    expect(runs(editor)[7]).toBe('Paragraph 7 where [Frodo→frodo] walks. Then [the Shire→shire].');
  });

  it('re-scans every paragraph when the list changes in a way matching sees, and compiles once per change', async () => {
    // Arrange
    const { editor, detection, compile, scanned } = await detectIn([
      'Frodo met Sam.',
      'Sam cooked.',
      'Nothing.',
    ]);
    scanned.length = 0;
    compile.mockClear();

    // Act
    await detection.setAssociations([frodo, shire, association('sam', 'Sam')]);

    // Assert
    expect(compile).toHaveBeenCalledTimes(1);
    expect(new Set(scanned)).toEqual(new Set(['Frodo met Sam.', 'Sam cooked.', 'Nothing.']));
    expect(runs(editor)).toEqual(['[Frodo→frodo] met [Sam→sam].', '[Sam→sam] cooked.', 'Nothing.']);
  });

  it('neither compiles nor scans again when only a summary or portrait changed', async () => {
    // Arrange
    const { detection, compile, scanned } = await detectIn(['Frodo met Sam.']);
    scanned.length = 0;
    compile.mockClear();

    // Act
    await detection.setAssociations([
      { ...frodo, short_description: 'Ring-bearer.', portrait: '/images/f.png' },
      shire,
    ]);

    // Assert
    expect(compile).not.toHaveBeenCalled();
    expect(scanned).toEqual([]);
  });

  it('lets the longer name win when a new association contains an existing one', async () => {
    // Arrange
    const { editor, detection } = await detectIn(['Frodo Baggins and Frodo.']);

    // Act
    await detection.setAssociations([frodo, association('baggins', 'Frodo Baggins')]);

    // Assert
    expect(runs(editor)).toEqual(['[Frodo Baggins→baggins] and [Frodo→frodo].']);
  });

  it('unwraps the mentions of a deleted association, and finds what they covered for the others', async () => {
    // Arrange
    const { editor, detection } = await detectIn(
      ['Frodo Baggins and Frodo.'],
      [frodo, association('baggins', 'Frodo Baggins')],
    );

    // Act
    await detection.setAssociations([frodo]);

    // Assert
    expect(runs(editor)).toEqual(['[Frodo→frodo] Baggins and [Frodo→frodo].']);
  });

  it('turns a typed name into a mention with the caret after it, and text typed next goes beside it', async () => {
    // Arrange
    const { editor } = await detectIn(['At dawn ']);

    // Act
    typeAtEnd(editor, 0, 'Frodo');
    await settle();
    const afterName = runs(editor);
    typeAtCaret(editor, ' left.');
    await settle();

    // Assert
    expect(afterName).toEqual(['At dawn [Frodo→frodo]']);
    expect(runs(editor)).toEqual(['At dawn [Frodo→frodo] left.']);
  });

  it('reverts a mention to plain text when the text beside it makes it part of a longer word', async () => {
    // Arrange
    const { editor } = await detectIn(['Frodo']);
    commit(editor, () => $getRoot().selectEnd());

    // Act
    typeAtCaret(editor, 's');
    await settle();

    // Assert
    expect(runs(editor)).toEqual(['Frodos']);
    const caret = editor.getEditorState().read(() => {
      const selection = $getSelection();
      return $isRangeSelection(selection)
        ? [selection.anchor.getNode().getTextContent(), selection.anchor.offset]
        : null;
    });
    expect(caret).toEqual(['Frodos', 6]);
  });

  describe('the revert rule (a node transform, in the same update)', () => {
    /** The sentences here start with one plain word, so the mention is the paragraph's second run. */
    const retypeFirstMention = (editor: LexicalEditor, text: string) =>
      commit(editor, () => {
        const mention = $getRoot().getFirstDescendant()?.getNextSibling();
        if ($isTextNode(mention)) mention.setTextContent(text);
      });

    it('reverts a mention whose own text no longer equals the name or an alias', async () => {
      // Arrange
      const { editor } = await detectIn(['Then Frodo ran.']);

      // Act
      retypeFirstMention(editor, 'Frod');

      // Assert: reverted by the commit itself, before any follow-up scan.
      expect(runs(editor)).toEqual(['Then Frod ran.']);
    });

    it('keeps a mention edited into another of its names', async () => {
      // Arrange
      const { editor } = await detectIn(['Then FRODO ran.']);

      // Act
      retypeFirstMention(editor, 'frodo');

      // Assert
      expect(runs(editor)).toEqual(['Then [frodo→frodo] ran.']);
    });

    it('reverts a mention no longer separated from the text after it', async () => {
      // Arrange
      const { editor } = await detectIn(['Then Frodo ran.']);

      // Act
      commit(editor, () => {
        const mention = $getRoot().getFirstDescendant()!.getNextSibling()!;
        mention.getNextSibling()!.remove();
        mention.insertAfter($createTextNode('ran.'));
      });

      // Assert
      expect(runs(editor)).toEqual(['Then Frodoran.']);
    });
  });

  it('leaves mentions as they are while the association list is unknown', async () => {
    // Arrange
    const editor = createChapterTestEditor();
    commit(editor, () => {
      $getRoot()
        .clear()
        .append(
          $createCustomParagraphNode('p1').append(
            $createAssociationNode(
              { associationId: 'frodo', shortDescription: '', associationType: 'character', portrait: '' },
              'Frodo',
            ),
            $createTextNode(' waits.'),
          ),
        );
    });

    // Act
    registerAssociationDetection(editor).setAssociations(null);
    typeAtEnd(editor, 0, ' Still.');
    await settle();

    // Assert
    expect(runs(editor)).toEqual(['[Frodo→frodo] waits. Still.']);
  });

  it('folds its change into the undo step of the typing that caused it', async () => {
    // Arrange
    const { editor } = await detectIn(['']);
    registerHistory(editor, createEmptyHistoryState(), 0);
    typeAtEnd(editor, 0, 'It was ');
    typeAtEnd(editor, 0, 'Frodo');
    await settle();
    expect(runs(editor)).toEqual(['It was [Frodo→frodo]']);

    // Act
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    await settle();

    // Assert
    expect(runs(editor)).toEqual(['It was ']);
  });

  it('re-draws mentions after an undo brings back text the list no longer names', async () => {
    // Arrange
    const { editor, detection } = await detectIn(['It was ']);
    registerHistory(editor, createEmptyHistoryState(), 0);
    typeAtEnd(editor, 0, 'Frodo');
    await settle();
    typeAtEnd(editor, 0, ' and Sam');
    await settle();
    await detection.setAssociations([shire]);

    // Act
    editor.dispatchCommand(UNDO_COMMAND, undefined);
    await settle();

    // Assert
    expect(runs(editor)).toEqual(['It was Frodo']);
  });

  it('has a mention typed by the author saved in its paragraph, but not the re-scan a new association causes', async () => {
    // Arrange
    const editor = createChapterTestEditor();
    seedParagraphs(editor, ['Frodo sang.', 'Sam cooked.']);
    const { sink } = trackParagraphs(editor);
    const detection = registerAssociationDetection(editor);
    await detection.setAssociations([frodo]);
    sink.clear();

    // Act
    typeAtEnd(editor, 1, ' Frodo ate.');
    await settle();
    const savedAfterTyping = sink.saves.map(
      (save) => JSON.parse(save.chunk) as { children: { type: string }[] },
    );
    sink.clear();
    await detection.setAssociations([frodo, association('sam', 'Sam')]);

    // Assert
    expect(savedAfterTyping.at(-1)!.children.map((child) => child.type)).toEqual([
      'text',
      'association',
      'text',
    ]);
    expect(sink.saves).toEqual([]);
    expect(runs(editor)).toEqual(['[Frodo→frodo] sang.', '[Sam→sam] cooked. [Frodo→frodo] ate.']);
  });

  it('highlights a loaded chapter within the update that loads it, without queuing its paragraphs for saving', async () => {
    // Arrange
    const editor = createChapterTestEditor();
    const { sink } = trackParagraphs(editor);
    await registerAssociationDetection(editor).setAssociations([frodo]);
    const texts = Array.from({ length: 120 }, (_, index) => `Line ${index}: Frodo walks.`);
    const updatesAfterLoad: string[][] = [];

    // Act
    commit(
      editor,
      () =>
        texts.forEach((text, index) =>
          $getRoot().append($createCustomParagraphNode(`k${index}`).append($createTextNode(text))),
        ),
      PROGRAMMATIC_LOAD_TAG,
    );
    const rightAfterLoad = runs(editor);
    const unregister = editor.registerUpdateListener(({ tags }) => updatesAfterLoad.push([...tags]));
    await settle();
    unregister();

    // Assert
    expect(rightAfterLoad).toEqual(texts.map((_, index) => `Line ${index}: [Frodo→frodo] walks.`));
    expect(updatesAfterLoad).toEqual([]);
    expect(sink.saves).toEqual([]);
  });
});
