import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ElementSuggestions } from '../../../../web/src/features/story-bible/components/element-suggestions';

describe("the suggestions' empty state", () => {
  it('says a name written only at sentence starts is why there is no suggestion', () => {
    render(
      <ElementSuggestions
        suggestions={{
          suggestions: [],
          none_because: { reason: 'only_at_sentence_starts', names: ['Ilse'] },
        }}
        onAdd={vi.fn()}
      />,
    );

    expect(
      screen.getByText(/^No suggestions yet: Ilse is written 3 times or more, but only at the start/),
    ).toBeTruthy();
    expect(screen.queryByText(/already an association/)).toBeNull();
  });

  it('names the most written names when none is repeated enough', () => {
    render(
      <ElementSuggestions
        suggestions={{
          suggestions: [],
          none_because: { reason: 'too_few_repeats', names: ['Ilse', 'Marek'] },
        }}
        onAdd={vi.fn()}
      />,
    );

    expect(
      screen.getByText(
        'No suggestions yet: a name is suggested once it is written 3 times, and none is so far (the most written: Ilse and Marek).',
      ),
    ).toBeTruthy();
  });

  it('says every repeated name is an association only when that is the reason', () => {
    render(
      <ElementSuggestions
        suggestions={{ suggestions: [], none_because: { reason: 'all_associations' } }}
        onAdd={vi.fn()}
      />,
    );

    expect(
      screen.getByText('No suggestions: every name the story repeats is already an association.'),
    ).toBeTruthy();
  });
});
