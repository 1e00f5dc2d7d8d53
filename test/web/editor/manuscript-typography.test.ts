import { describe, expect, it } from 'vitest';
import { FONT_OPTIONS, manuscriptTypography } from '../../../web/src/editor/manuscript-typography';

describe('manuscript typography', () => {
  it('keeps the long-standing default without settings: the serif at 19 px, 17 px on phones', () => {
    const typography = manuscriptTypography({});

    expect(typography.fontFamily).toBe(FONT_OPTIONS.serif.family);
    expect(typography.fontSize).toEqual({ xs: '17px', sm: '19px' });
  });

  it('applies the chosen size and font, with the column measured in em so a line keeps its length', () => {
    const small = manuscriptTypography({ text_size: 'small', font: 'monospace' });
    const large = manuscriptTypography({ text_size: 'x-large', font: 'sans-serif' });

    expect(small.fontSize.sm).toBe('17px');
    expect(small.fontFamily).toContain('monospace');
    expect(large.fontSize.sm).toBe('24px');
    expect(large.fontFamily).toContain('sans-serif');
    expect(large.measure).toBe(small.measure);
    expect(large.measure).toMatch(/em$/);
  });
});
