import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentImportResult } from '../../../../../shared/schemas/comment-import';
import { importWordComments } from '../../../api/comment-import';
import { reviewKeys } from '../../../api/review';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the panel reports once the file is read: "Imported N comments (M could not be placed)". */
export function importReport({ imported, unplaced }: CommentImportResult): string {
  const report = `Imported ${plural(imported, 'comment')}`;
  return unplaced > 0 ? `${report} (${unplaced} could not be placed)` : report;
}

/**
 * Issue 24 §5: 'Import comments from Word' in the author's Comments panel. The comments land on whichever
 * chapters hold their words, so every chapter's threads are read again.
 */
export function ImportWordComments({ storyId }: { storyId: string }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => importWordComments(storyId, file),
    // The key's prefix without a chapter: the story's threads in every chapter.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: reviewKeys.comments(storyId, '').slice(0, -1) }),
  });
  return (
    <Stack spacing={1}>
      <Button
        component="label"
        size="small"
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        disabled={upload.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Import comments from Word
        <input
          hidden
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again uploads it again.
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
      </Button>
      {upload.isSuccess && (
        <Alert severity="success" onClose={() => upload.reset()}>
          {importReport(upload.data)}
        </Alert>
      )}
      {upload.isError && (
        <Alert severity="error" onClose={() => upload.reset()}>
          {upload.error.message}
        </Alert>
      )}
    </Stack>
  );
}
