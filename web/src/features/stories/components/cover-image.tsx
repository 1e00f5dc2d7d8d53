import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

interface CoverImageProps {
  /** '' or undefined when there is no image yet. */
  imageUrl: string | undefined;
  /** The default standalone or series icon, shown on a paper-coloured ground when there is no image. */
  placeholderIcon: ReactNode;
  /** Loads the image at once: a cover the page shows first, rather than one further down it. */
  eager?: boolean;
}

/** A story's or series' picture filling its frame; the frame sets the size. Decorative: titles name it. */
export function CoverImage({ imageUrl, placeholderIcon, eager = false }: CoverImageProps) {
  if (imageUrl) {
    return (
      <Box
        component="img"
        src={imageUrl}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'primary.main',
        background: 'linear-gradient(160deg, #efe7da 0%, #e4d8c6 100%)',
        '& svg': { fontSize: 64, opacity: 0.6 },
        ...theme.applyStyles('dark', { background: 'linear-gradient(160deg, #2c2823 0%, #24201c 100%)' }),
      })}
    >
      {placeholderIcon}
    </Box>
  );
}
