import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditableTitle } from '../../../web/src/components/editable-title/editable-title';

function renameTo(newTitle: string, key: 'Enter' | 'Escape' | 'blur') {
  fireEvent.doubleClick(screen.getByRole('button', { name: /Story title/ }));
  const input = screen.getByRole('textbox', { name: 'Story title' });
  fireEvent.change(input, { target: { value: newTitle } });
  if (key === 'blur') fireEvent.blur(input);
  else fireEvent.keyDown(input, { key });
}

describe('editable title', () => {
  it('commits the trimmed new title on Enter', () => {
    // Arrange
    const onCommit = vi.fn();
    render(<EditableTitle value="The Long Road" label="Story title" onCommit={onCommit} maxLength={256} />);

    // Act
    renameTo('  The Longer Road  ', 'Enter');

    // Assert
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('The Longer Road');
  });

  it('commits when the field loses focus', () => {
    // Arrange
    const onCommit = vi.fn();
    render(<EditableTitle value="The Long Road" label="Story title" onCommit={onCommit} maxLength={256} />);

    // Act
    renameTo('Roads', 'blur');

    // Assert
    expect(onCommit).toHaveBeenCalledWith('Roads');
  });

  it.each([
    ['a blank title', '   ', 'Enter'],
    ['an unchanged title', ' The Long Road ', 'Enter'],
    ['a cancelled edit', 'Something else', 'Escape'],
  ] as const)('sends nothing for %s', (_case, newTitle, key) => {
    // Arrange
    const onCommit = vi.fn();
    render(<EditableTitle value="The Long Road" label="Story title" onCommit={onCommit} maxLength={256} />);

    // Act
    renameTo(newTitle, key);

    // Assert
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Story title/ })).toBeTruthy();
  });
});

describe('editable title limit', () => {
  it('stops the field at the limit and counts towards it', () => {
    // Arrange
    render(<EditableTitle value="The Long Road" label="Story title" onCommit={vi.fn()} maxLength={100} />);

    // Act
    fireEvent.doubleClick(screen.getByRole('button', { name: /Story title/ }));

    // Assert
    const input = screen.getByRole('textbox', { name: 'Story title' });
    expect(input.getAttribute('maxlength')).toBe('100');
    expect(input.getAttribute('aria-describedby')).not.toBeNull();
    expect(screen.getByText('13/100')).toBeTruthy();
  });
});
