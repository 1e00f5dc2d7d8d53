import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { trashQuery } from '../../../api/trash';
import { useRestoreFromTrash } from '../../../lib/restore-from-trash';
import { useLoadQuery } from '../../../lib/use-load-query';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (isoTimestamp: string) => dateFormat.format(new Date(isoTimestamp));

/**
 * 'Recently deleted': the stories and chapters the author deleted, each restorable for 30 days. One list here
 * rather than one per page: the place an author looks for what is gone is the account, and a chapter of a
 * deleted story is found with its story.
 */
export function RecentlyDeletedSection() {
  const trash = useLoadQuery(trashQuery(), { what: 'the recently deleted items' });
  const restore = useRestoreFromTrash();

  const rows = [
    ...(trash.data?.stories ?? []).map((entry) => ({
      key: entry.story_id,
      target: { storyId: entry.story_id },
      title: entry.title,
      kind: 'Story',
      deletedAt: entry.deleted_at,
      purgeAt: entry.purge_at,
    })),
    ...(trash.data?.chapters ?? []).map((entry) => ({
      key: `${entry.story_id}/${entry.chapter_id}`,
      target: { storyId: entry.story_id, chapterId: entry.chapter_id },
      title: entry.title,
      kind: `Chapter of ${entry.story_title}`,
      deletedAt: entry.deleted_at,
      purgeAt: entry.purge_at,
    })),
  ].sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="recently-deleted-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h2" id="recently-deleted-heading" sx={{ mb: 1 }}>
        Recently deleted
      </Typography>
      <Typography sx={{ mb: 1 }}>
        Deleted stories and chapters can be restored for 30 days, then they are removed for good.
      </Typography>
      {trash.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary">Nothing deleted in the last 30 days.</Typography>
      )}
      <List aria-label="Recently deleted" disablePadding>
        {rows.map((row, index) => (
          <ListItem
            key={row.key}
            divider={index < rows.length - 1}
            disableGutters
            secondaryAction={
              <Button
                size="small"
                aria-label={`Restore ${row.title}`}
                disabled={restore.isPending}
                onClick={() => restore.mutate(row.target)}
              >
                Restore
              </Button>
            }
            sx={{ pr: 11 }}
          >
            <ListItemText
              primary={row.title}
              secondary={`${row.kind} · deleted ${formatDate(row.deletedAt)} · removed ${formatDate(row.purgeAt)}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
