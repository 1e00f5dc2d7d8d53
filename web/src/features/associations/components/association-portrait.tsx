import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ErrorCode, useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import { IMAGE_MAX_BYTES, IMAGE_TYPE_REJECTED_MESSAGE } from '../../../../../shared/validation';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { imageRejectedAlert } from '../../../components/image-dropzone/image-dropzone';

/** Spec §5: png, jpg, jpeg and gif only. The server checks the bytes as well. */
const ACCEPTED_IMAGES: Accept = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
};

const PORTRAIT_SIZE = 128;

/** Spec §2: the portrait dropper's caption. */
const PORTRAIT_DROP_CAPTION = 'Drop an image over the picture to update, or click on it.';

/**
 * A wrong type gets the spec's sentence; the other rejection codes keep react-dropzone's (the spec's)
 * wording.
 */
function rejectionMessage(rejections: FileRejection[]): string {
  const error = rejections[0]?.errors[0];
  return !error || error.code === ErrorCode.FileInvalidType ? IMAGE_TYPE_REJECTED_MESSAGE : error.message;
}

interface AssociationPortraitProps {
  name: string;
  portraitUrl: string;
  /** Locked while the association loads: nothing can be dropped then. */
  disabled: boolean;
  onFileAccepted: (file: File) => void;
}

/**
 * An association's portrait, replaced by dropping an image on it or by clicking it to choose one (spec §2).
 */
export function AssociationPortrait({
  name,
  portraitUrl,
  disabled,
  onFileAccepted,
}: AssociationPortraitProps) {
  const { showAlert } = useAlerts();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPTED_IMAGES,
    maxSize: IMAGE_MAX_BYTES,
    multiple: false,
    disabled,
    onDropAccepted: ([file]) => {
      if (file) onFileAccepted(file);
    },
    onDropRejected: (rejections) => showAlert(imageRejectedAlert(rejectionMessage(rejections))),
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
      {/* Beside the button rather than in it, as in ImageDropzone: a field inside a button is announced twice. */}
      <input {...getInputProps({ 'aria-label': `Replace the portrait of ${name}` })} />
      <Box
        {...getRootProps({ role: 'button', 'aria-label': `Replace the portrait of ${name}` })}
        sx={(theme) => ({
          position: 'relative',
          width: PORTRAIT_SIZE,
          height: PORTRAIT_SIZE,
          borderRadius: 2,
          overflow: 'hidden',
          cursor: disabled ? 'default' : 'pointer',
          border: `1px solid ${theme.vars.palette.divider}`,
          backgroundColor: theme.vars.palette.background.default,
          outline: isDragActive ? `3px solid ${theme.vars.palette.primary.main}` : 'none',
          outlineOffset: 2,
          '&:focus-visible': { outline: `3px solid ${theme.vars.palette.primary.main}` },
          '&:hover .portrait-hint, &:focus-visible .portrait-hint': { opacity: disabled ? 0 : 1 },
        })}
      >
        <Box
          component="img"
          src={portraitUrl}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        <Box
          className="portrait-hint"
          aria-hidden
          sx={{
            position: 'absolute',
            inset: 'auto 0 0 0',
            display: 'flex',
            justifyContent: 'center',
            py: 0.75,
            color: '#fffdf9',
            backgroundColor: 'rgba(42, 38, 34, 0.72)',
            opacity: isDragActive ? 1 : 0,
            transition: 'opacity 160ms ease',
          }}
        >
          <AddPhotoAlternateOutlined fontSize="small" />
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
        {PORTRAIT_DROP_CAPTION}
      </Typography>
    </Box>
  );
}
