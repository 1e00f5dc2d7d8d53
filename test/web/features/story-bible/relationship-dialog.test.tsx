import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssociationListItem } from '../../../../shared/schemas/associations';
import { RelationshipDialog } from '../../../../web/src/features/story-bible/components/relationship-dialog';

const character = (id: string, name: string): AssociationListItem => ({
  association_id: id,
  association_name: name,
  association_type: 'character',
  aliases: '',
  case_sensitive: false,
  short_description: '',
  portrait: '',
  thumbnail: '',
  scope: 'story',
});

describe('the relationship dialog', () => {
  it('sends a blank reverse label and "From the start" as nulls, and an edit keeps its two associations', () => {
    const onSave = vi.fn();
    render(
      <RelationshipDialog
        initial={{
          relationship_id: 'r1',
          from: 'ada',
          to: 'grace',
          label: 'mentor of',
          reverse_label: null,
          from_chapter_id: null,
          ended: false,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        }}
        associations={[character('ada', 'Ada'), character('grace', 'Grace')]}
        chapters={[{ chapter_id: 'c1', title: 'Chapter 1', place: 0 }]}
        error={undefined}
        saving={false}
        onSave={onSave}
        onDelete={vi.fn()}
        onClose={vi.fn()}
      />,
    );

    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'rival of' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSave).toHaveBeenCalledWith({
      from: 'ada',
      to: 'grace',
      label: 'rival of',
      reverse_label: null,
      from_chapter_id: null,
      ended: false,
    });
    expect(screen.getByRole('combobox', { name: /^From\b(?! chapter)/ }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });
});
