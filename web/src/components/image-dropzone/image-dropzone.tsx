import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorCode, useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import {
  IMAGE_MAX_BYTES,
  IMAGE_REJECTED_ALERT_TITLE,
  IMAGE_TYPE_REJECTED_MESSAGE,
} from '../../../../shared/validation';
import type { AlertOptions } from '../alerts/alert-types';
import { useAlerts } from '../alerts/alerts-context';
import { isAllowedImageFile } from './image-signature';

/**
 * Spec §5: png, jpg, jpeg and gif only, by type and by name, then by the file's first bytes as the server
 * checks them: a file that is not really an image is refused when it is chosen, not when the form is sent.
 */
const ACCEPTED_IMAGES: Accept = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
};

/** Spec §5/§9: the warning for an image that cannot be used, shown for 10000 ms. */
export function imageRejectedAlert(message: string): AlertOptions {
  return { title: IMAGE_REJECTED_ALERT_TITLE, message, severity: 'warning', timeout: 10_000 };
}

const MAX_MEGABYTES = Math.round(IMAGE_MAX_BYTES / (1024 * 1024));

/**
 * The warning text for a refused file. A wrong type gets the spec's sentence; the other codes of spec §5
 * (file-too-large, file-too-small, too-many-files) keep react-dropzone's own wording, which is the spec's.
 */
function rejectionMessage(rejections: FileRejection[]): string {
  const error = rejections[0]?.errors[0];
  if (!error || error.code === ErrorCode.FileInvalidType) return IMAGE_TYPE_REJECTED_MESSAGE;
  return error.message;
}

interface ImageDropzoneProps {
  /** What the image is, e.g. 'Cover image'; the drop area is named 'Choose cover image'. */
  label: string;
  /** The image to show: the chosen file's preview or the one already saved. */
  imageUrl?: string;
  /** Shown while there is no image. */
  placeholderIcon: ReactNode;
  onFileAccepted: (file: File) => void;
  /** Given while the picture can be taken away (a chosen file, or a saved image): a 'Remove' button calls it. */
  onRemove?: (() => void) | undefined;
  /** A line under the picture, after the accepted types, e.g. what happens without an image. */
  hint?: string;
}

/** A picture that is replaced by dropping an image on it or by clicking it to choose one. */
export function ImageDropzone({
  label,
  imageUrl,
  placeholderIcon,
  onFileAccepted,
  onRemove,
  hint,
}: ImageDropzoneProps) {
  const { showAlert } = useAlerts();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPTED_IMAGES,
    maxSize: IMAGE_MAX_BYTES,
    multiple: false,
    onDropAccepted: ([file]) => {
      if (!file) return;
      void isAllowedImageFile(file).then(
        (allowed) => {
          if (allowed) onFileAccepted(file);
          else showAlert(imageRejectedAlert(IMAGE_TYPE_REJECTED_MESSAGE));
        },
        () => showAlert(imageRejectedAlert(IMAGE_TYPE_REJECTED_MESSAGE)),
      );
    },
    onDropRejected: (rejections) => showAlert(imageRejectedAlert(rejectionMessage(rejections))),
  });

  return (
    <Box>
      {/* Beside the button rather than in it: a focusable field inside a button is announced twice. */}
      <input {...getInputProps({ 'aria-label': `Choose ${label.toLowerCase()}` })} />
      <Box
        {...getRootProps({ role: 'button', 'aria-label': `Choose ${label.toLowerCase()}` })}
        sx={(theme) => ({
          position: 'relative',
          aspectRatio: '1 / 1',
          width: '100%',
          borderRadius: 2,
          overflow: 'hidden',
          cursor: 'pointer',
          border: `1px ${imageUrl ? 'solid' : 'dashed'} ${theme.vars.palette.divider}`,
          backgroundColor: theme.vars.palette.background.default,
          outline: isDragActive ? `2px solid ${theme.vars.palette.primary.main}` : 'none',
          outlineOffset: 2,
          '&:focus-visible': { outline: `2px solid ${theme.vars.palette.primary.main}` },
          '&:hover .image-dropzone-hint, &:focus-visible .image-dropzone-hint': { opacity: 1 },
          '@media (hover: none)': { '& .image-dropzone-hint': { opacity: 1 } },
        })}
      >
        {imageUrl ? (
          <Box
            component="img"
            src={imageUrl}
            alt=""
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box
            sx={{
              height: '100%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: 'text.secondary',
              '& svg': { fontSize: 72, opacity: 0.55 },
            }}
          >
            {placeholderIcon}
          </Box>
        )}
        <Box
          className="image-dropzone-hint"
          sx={{
            position: 'absolute',
            inset: 'auto 0 0 0',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            py: 1.25,
            px: 2,
            color: '#fffdf9',
            backgroundColor: 'rgba(42, 38, 34, 0.72)',
            opacity: imageUrl && !isDragActive ? 0 : 1,
            transition: 'opacity 160ms ease',
          }}
        >
          <AddPhotoAlternateOutlined fontSize="small" />
          <Typography variant="body2" component="span">
            {isDragActive ? 'Drop the image here' : imageUrl ? 'Replace image' : 'Drop an image or click'}
          </Typography>
        </Box>
      </Box>
      {onRemove && (
        <Button size="small" color="inherit" onClick={onRemove} sx={{ mt: 1 }}>
          Remove
        </Button>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        PNG, JPG or GIF, up to {MAX_MEGABYTES} MB.{hint ? ` ${hint}` : ''}
      </Typography>
    </Box>
  );
}
