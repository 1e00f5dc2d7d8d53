import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paragraphText } from '../../../../shared/paragraph-text';
import type { Paragraph } from '../../../../shared/schemas/paragraph';
import { ReadOnlyParagraph } from '../../../../web/src/features/reading/components/read-only-paragraph';

function text(value: string, format = 0) {
  return { type: 'text', version: 1, text: value, format, style: '', detail: 0, mode: 'normal' };
}

const paragraph: Paragraph = {
  type: 'custom-paragraph',
  version: 1,
  key_id: 'k1',
  format: 'center',
  indent: 0,
  direction: 'ltr',
  children: [
    text('Plain, '),
    text('bold', 1),
    text(' and '),
    text('italic underlined', 2 | 8),
    { type: 'linebreak', version: 1 },
    { type: 'tab', version: 1, text: '\t', format: 0, style: '', detail: 2 },
    text('<b>not markup</b>'),
  ],
};

describe('ReadOnlyParagraph', () => {
  it('renders the runs with their formats, breaks, tabs and alignment, its text the paragraph’s text', () => {
    // Act
    const { container } = render(<ReadOnlyParagraph keyId="k1" paragraph={paragraph} />);

    // Assert
    const element = container.querySelector('p')!;
    expect(element.getAttribute('data-key-id')).toBe('k1');
    expect(element.style.textAlign).toBe('center');
    expect(element.textContent).toBe(paragraphText(paragraph).text);
    const runs = element.querySelectorAll('span');
    expect(runs[1]!.style.fontWeight).toBe('700');
    expect(runs[3]!.style.fontStyle).toBe('italic');
    expect(runs[3]!.style.textDecoration).toBe('underline');
    expect(runs[4]!.textContent).toBe('\n');
    expect(runs[5]!.textContent).toBe('\t');
    // Stored text is shown as text, never parsed as HTML.
    expect(element.querySelector('b')).toBeNull();
    expect(runs[6]!.textContent).toBe('<b>not markup</b>');
  });

  it('keeps an empty paragraph’s line without adding text', () => {
    // Act
    const { container } = render(
      <ReadOnlyParagraph keyId="k2" paragraph={{ ...paragraph, format: '', children: [] }} />,
    );

    // Assert
    const element = container.querySelector('p')!;
    expect(element.textContent).toBe('');
    expect(element.querySelector('br')).not.toBeNull();
    expect(element.style.textAlign).toBe('');
  });
});
