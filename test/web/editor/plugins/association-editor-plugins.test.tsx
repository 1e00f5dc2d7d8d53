import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { $createTextNode, $getRoot, $isTextNode, type LexicalEditor } from 'lexical';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AssociationListItem } from '../../../../shared/schemas/associations';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import { TestChapterEditor } from '../helpers/test-chapter-editor';
import {
  AssociationContextMenuPlugin,
  creatableAssociationName,
} from '../../../../web/src/editor/plugins/association-context-menu-plugin';
import { AssociationDetectionPlugin } from '../../../../web/src/editor/plugins/association-detection-plugin';
import {
  AssociationMentionPlugin,
  type TooltipFact,
} from '../../../../web/src/editor/plugins/association-mention-plugin';
import {
  ContextMenuPlugin,
  ContextMenuRegistry,
  ContextMenuRegistryContext,
} from '../../../../web/src/editor/plugins/context-menu-plugin';
import { theme } from '../../../../web/src/theme/theme';
import { buildAssociationListItem } from '../../helpers/association-fixtures';

const frodo = buildAssociationListItem('frodo', 'Frodo', { short_description: 'A hobbit of the Shire.' });
const shire = buildAssociationListItem('shire', 'the Shire', { association_type: 'place' });

let editorRef: LexicalEditor | null = null;
function CaptureEditor() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    editorRef = editor;
  }, [editor]);
  return null;
}

function renderEditor(
  text: string,
  associations: AssociationListItem[] = [frodo, shire],
  facts?: ReadonlyMap<string, readonly TooltipFact[]>,
) {
  const onOpen = vi.fn();
  const onCreate = vi.fn();
  const onDelete = vi.fn();
  function Harness() {
    const [registry] = useState(() => new ContextMenuRegistry());
    return (
      <ThemeProvider theme={theme}>
        <ContextMenuRegistryContext.Provider value={registry}>
          <TestChapterEditor
            initialContent={() => {
              $getRoot().append($createCustomParagraphNode('p1').append($createTextNode(text)));
            }}
          >
            <ContextMenuPlugin />
            <AssociationDetectionPlugin associations={associations} />
            <AssociationMentionPlugin
              associations={associations}
              {...(facts ? { facts } : {})}
              onOpenAssociation={onOpen}
            />
            <AssociationContextMenuPlugin
              associations={associations}
              onCreate={onCreate}
              onDelete={onDelete}
            />
            <CaptureEditor />
          </TestChapterEditor>
        </ContextMenuRegistryContext.Provider>
      </ThemeProvider>
    );
  }
  render(<Harness />);
  return { onOpen, onCreate, onDelete };
}

async function mention(name: string): Promise<HTMLElement> {
  const editor = screen.getByRole('textbox', { name: 'Chapter text' });
  return waitFor(() => {
    const element = [...editor.querySelectorAll<HTMLElement>('[data-association-id]')].find(
      (candidate) => candidate.textContent === name,
    );
    if (!element) throw new Error(`No mention of ${name} yet.`);
    return element;
  });
}

/** Selects `text` in the paragraph, as dragging over it would. */
function select(text: string) {
  act(() => {
    editorRef!.update(
      () => {
        const node = $getRoot()
          .getAllTextNodes()
          .find((candidate) => candidate.getTextContent().includes(text));
        if (!$isTextNode(node)) throw new Error(`No text node holds ${text}.`);
        const start = node.getTextContent().indexOf(text);
        node.select(start, start + text.length);
      },
      { discrete: true },
    );
  });
}

/** Selects `text` as a pointer would: the editor's selection and the page's, which the browser announces. */
function selectOnPage(text: string) {
  select(text);
  act(() => {
    const root = screen.getByRole('textbox', { name: 'Chapter text' });
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = node.textContent?.indexOf(text) ?? -1;
      if (start < 0) continue;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, start + text.length);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      break;
    }
    document.dispatchEvent(new Event('selectionchange'));
  });
}

describe('association mentions in the editor', () => {
  it('renders each mention with its kind for styling', async () => {
    // Act
    renderEditor('Frodo left the Shire.');

    // Assert
    expect((await mention('Frodo')).dataset.associationType).toBe('character');
    expect((await mention('the Shire')).dataset.associationType).toBe('place');
  });

  it("shows the association's summary in a tooltip on hover", async () => {
    // Arrange
    renderEditor('Frodo left the Shire.');
    const frodoMention = await mention('Frodo');

    // Act
    fireEvent.mouseOver(frodoMention);

    // Assert
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('A hobbit of the Shire.');
    expect(frodoMention.getAttribute('aria-describedby')).toBe(tooltip.id);
  });

  it('lists the facts standing at the chapter under the summary, four at most', async () => {
    // Arrange
    const facts = [
      ['Age', '50'],
      ['Status', 'alive'],
      ['Home', 'Bag End'],
      ['Bears', 'the Ring'],
      ['Cloak', 'elven'],
    ].map(([label, value]) => ({ key: label!, label: label!, value: value! }));
    renderEditor('Frodo left the Shire.', [frodo, shire], new Map([[frodo.association_id, facts]]));
    const frodoMention = await mention('Frodo');

    // Act
    fireEvent.mouseOver(frodoMention);

    // Assert
    const listed = within(await screen.findByRole('tooltip')).getByLabelText('Facts as of this chapter');
    expect(listed.textContent).toBe('Age: 50Status: aliveHome: Bag EndBears: the Ring');
  });

  it('asks for a description in the tooltip of an association that has none, and hides it when the pointer leaves', async () => {
    // Arrange
    renderEditor('Frodo left the Shire.');
    const shireMention = await mention('the Shire');

    // Act
    fireEvent.mouseOver(shireMention);
    const hint = (await screen.findByRole('tooltip')).textContent;
    fireEvent.mouseOut(shireMention, { relatedTarget: document.body });

    // Assert
    expect(hint).toContain('Click on the association to add a description.');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('keeps the tooltip while a box beside the text scrolls, and hides it when the page scrolls', async () => {
    // Arrange
    renderEditor('Frodo left the Shire.');
    const frodoMention = await mention('Frodo');
    const besideTheText = document.body.appendChild(document.createElement('div'));
    fireEvent.mouseOver(frodoMention);
    await screen.findByRole('tooltip');

    // Act
    fireEvent.scroll(besideTheText);

    // Assert
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.scroll(document);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    besideTheText.remove();
  });

  it('opens the association when its mention is clicked', async () => {
    // Arrange
    const { onOpen } = renderEditor('Frodo left the Shire.');

    // Act
    fireEvent.click(await mention('the Shire'));

    // Assert
    expect(onOpen).toHaveBeenCalledWith('shire');
  });
});

describe('the association items of the context menu', () => {
  it('offers Create Association with Character, Place, Event and Item for selected text', async () => {
    // Arrange
    const { onCreate } = renderEditor('Sam cooked for Frodo.');
    await mention('Frodo');
    select('Sam');

    // Act
    fireEvent.contextMenu(screen.getByRole('textbox', { name: 'Chapter text' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create Association' }));
    const submenu = await screen.findByRole('menu', { name: 'Create Association' });
    const kinds = within(submenu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    fireEvent.click(within(submenu).getByRole('menuitem', { name: 'Place' }));

    // Assert
    expect(kinds).toEqual(['Character', 'Place', 'Event', 'Item']);
    expect(onCreate).toHaveBeenCalledWith({ name: 'Sam', type: 'place' });
  });

  it('offers Delete Association on a mention', async () => {
    // Arrange
    const { onDelete } = renderEditor('Sam cooked for Frodo.');
    const frodoMention = await mention('Frodo');

    // Act
    fireEvent.contextMenu(frodoMention);
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Association' }));

    // Assert
    expect(items).toEqual(['Delete Association']);
    expect(onDelete).toHaveBeenCalledWith('frodo');
  });

  it('shows no menu with an empty selection off any mention', async () => {
    // Arrange
    renderEditor('Sam cooked for Frodo.');
    await mention('Frodo');

    // Act
    fireEvent.contextMenu(screen.getByRole('textbox', { name: 'Chapter text' }));

    // Assert
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe("the selection's 'Add to story bible' button", () => {
  it('creates the selected name as the chosen kind, by the same command as the context menu', async () => {
    // Arrange
    const { onCreate } = renderEditor('Sam cooked for Frodo.');
    await mention('Frodo');
    selectOnPage('Sam');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Add to story bible' }));
    const kinds = await screen.findByRole('menu', { name: 'Add to story bible' });
    const offered = within(kinds)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    fireEvent.click(within(kinds).getByRole('menuitem', { name: 'Event' }));

    // Assert
    expect(offered).toEqual(['Character', 'Place', 'Event', 'Item']);
    expect(onCreate).toHaveBeenCalledWith({ name: 'Sam', type: 'event' });
  });

  it('goes away when the selection moves to a name the story already has', async () => {
    // Arrange
    renderEditor('Sam cooked for Frodo.');
    await mention('Frodo');
    selectOnPage('Sam');
    await screen.findByRole('button', { name: 'Add to story bible' });

    // Act
    selectOnPage('Frodo');

    // Assert
    expect(screen.queryByRole('button', { name: 'Add to story bible' })).toBeNull();
  });

  it("is not shown once the page's selection is elsewhere, though the editor keeps its own", async () => {
    // Arrange
    renderEditor('Sam cooked for Frodo.');
    await mention('Frodo');
    selectOnPage('Sam');
    await screen.findByRole('button', { name: 'Add to story bible' });

    // Act
    act(() => {
      window.getSelection()?.removeAllRanges();
      document.dispatchEvent(new Event('selectionchange'));
    });

    // Assert
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add to story bible' })).toBeNull());
  });

  it('opens its kinds from the keyboard with the first one focused', async () => {
    // Arrange
    const { onCreate } = renderEditor('Sam cooked for Frodo.');
    await mention('Frodo');
    selectOnPage('Sam');

    // Act
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Chapter text' }), {
      key: 'B',
      code: 'KeyB',
      altKey: true,
      shiftKey: true,
    });
    const first = await screen.findByRole('menuitem', { name: 'Character' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    fireEvent.click(first);

    // Assert
    expect(onCreate).toHaveBeenCalledWith({ name: 'Sam', type: 'character' });
  });
});

describe('creatableAssociationName', () => {
  it.each([
    ['  Samwise  ', 'Samwise'],
    ['Bag End', 'Bag End'],
    ['', null],
    ['   ', null],
    ['—', null],
    ['Two\nparagraphs', null],
    ['x'.repeat(201), null],
    ['frodo', null],
  ])('names %j as %j', (selected, expected) => {
    expect(creatableAssociationName(selected, [frodo])).toBe(expected);
  });
});
