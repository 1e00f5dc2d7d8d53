import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_FIND_LENGTH } from '../../../../../shared/schemas/story-search';
import {
  findMatches,
  MAX_SEARCH_MATCHES_PER_CHAPTER,
  type FindOptions,
} from '../../../../../shared/text-replacement';
import {
  replaceInStory,
  storySearchKeys,
  storySearchQuery,
  type StorySearch,
} from '../../../api/story-search';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { paths } from '../../../config/paths';
import { UNSAVED_CHANGES_MESSAGE, useStoryAssociations } from '../../associations';
import { workspaceAlerts } from '../workspace-messages';
import { WorkspaceSidePanel } from '../../../components/workspace-side-panel/workspace-side-panel';
import { FindOptionsCheckboxes } from '../../../components/find-options/find-options-checkboxes';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 matches in 3 chapters". */
export function matchesSummary(total: number, chapters: number): string {
  return `${plural(total, 'match', 'matches')} in ${plural(chapters, 'chapter', 'chapters')}`;
}

/** The question before replacing across the story: what becomes what, then how often, as the search found it. */
export function replaceAllQuestion(
  search: StorySearch,
  replacement: string,
  total: number,
  chapters: number,
) {
  const times = total === 1 ? 'once' : `${total} times`;
  return `Replace “${search.query}” with “${replacement}”? It appears ${times}, in ${plural(chapters, 'chapter', 'chapters')}. Each chapter keeps its formatting.`;
}

/** A snippet with its matches emphasised, found again in the snippet with the search's own rules. */
function EmphasisedSnippet({ text, search }: { text: string; search: StorySearch }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const match of findMatches(text, search.query, search)) {
    parts.push(text.slice(from, match.start));
    parts.push(
      <Box component="mark" key={match.start} sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25 }}>
        {text.slice(match.start, match.end)}
      </Box>,
    );
    from = match.end;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

interface StorySearchPanelProps {
  open: boolean;
  onClose: () => void;
  docked: boolean;
  storyId: string;
}

/**
 * Search across the story (issue 14 §3): the query and its options, the matches by chapter with snippets (a
 * click opens the chapter at the paragraph, flashed), and 'Replace all in story' after a confirmation that
 * gives the count. As rename everywhere does, the open chapter's autosave is sent before the text changes on
 * the server, and the chapter is reloaded after.
 */
export function StorySearchPanel({ open, onClose, docked, storyId }: StorySearchPanelProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const { textEditing } = useStoryAssociations();
  const [query, setQuery] = useState('');
  const queryInput = useRef<HTMLInputElement>(null);
  // Each opening puts the caret in the search box. A frame later: a covering panel's content is only in the
  // page once its portal has mounted, and a docked one stays mounted while closed, so autoFocus would not do.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => queryInput.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const [options, setOptions] = useState<FindOptions>({ case_sensitive: false, whole_word: false });
  const [search, setSearch] = useState<StorySearch | null>(null);
  const [replacement, setReplacement] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);

  const results = useQuery({
    ...storySearchQuery(storyId, search ?? { query: '', ...options }),
    enabled: search !== null,
  });
  const found = search !== null ? results.data : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (query.trim() === '') return;
    setOutcome(null);
    // What was typed a moment ago is searched too.
    await textEditing?.beforeTextChange();
    const next = { query, ...options };
    await queryClient.invalidateQueries({ queryKey: storySearchKeys.search(storyId, next) });
    setSearch(next);
  };

  const replaceAll = async () => {
    if (!search) return;
    setConfirming(false);
    setReplacing(true);
    try {
      if (textEditing && !(await textEditing.beforeTextChange())) {
        setOutcome({ severity: 'warning', text: UNSAVED_CHANGES_MESSAGE });
        return;
      }
      const result = await replaceInStory(storyId, {
        find: search.query,
        replace: replacement,
        case_sensitive: search.case_sensitive,
        whole_word: search.whole_word,
      });
      if (result.replaced > 0) textEditing?.afterTextChange();
      setOutcome({
        severity: 'success',
        text: `Replaced ${matchesSummary(result.replaced, result.chapters)}.`,
      });
    } catch (error) {
      console.error('Replacing across the story failed.', error);
      showAlert(workspaceAlerts.storyReplaceFailed);
    } finally {
      setReplacing(false);
      void queryClient.invalidateQueries({ queryKey: storySearchKeys.all(storyId) });
    }
  };

  return (
    <WorkspaceSidePanel
      open={open}
      onClose={onClose}
      docked={docked}
      title="Search"
      closeLabel="Close search"
    >
      <Box
        component="form"
        role="search"
        aria-label="Story search"
        onSubmit={(event: FormEvent) => void submit(event)}
        sx={{ px: 2, pt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <Box sx={{ display: 'flex', gap: 1 }}>
          <TextField
            label="Search the story"
            size="small"
            fullWidth
            inputRef={queryInput}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_FIND_LENGTH } }}
          />
          <Button type="submit" variant="contained" disabled={query.trim() === ''}>
            Search
          </Button>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <FindOptionsCheckboxes options={options} onChange={setOptions} />
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 2 }}>
        {outcome && (
          <Alert severity={outcome.severity} sx={{ mb: 1.5 }}>
            {outcome.text}
          </Alert>
        )}
        {search !== null && results.isFetching && !found && (
          <Typography color="text.secondary" variant="body2">
            Searching…
          </Typography>
        )}
        {search !== null && results.isError && (
          <Typography color="error" variant="body2">
            The search failed. Please try again.
          </Typography>
        )}
        {search !== null && found && (
          <>
            <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mb: 1 }}>
              {found.total === 0
                ? 'No matches found in this story.'
                : matchesSummary(found.total, found.chapters.length)}
            </Typography>
            {found.total > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
                <TextField
                  label="Replace with"
                  size="small"
                  sx={{ flex: '1 1 10rem' }}
                  value={replacement}
                  onChange={(event) => setReplacement(event.target.value)}
                  slotProps={{ htmlInput: { maxLength: MAX_FIND_LENGTH } }}
                />
                <Button variant="outlined" disabled={replacing} onClick={() => setConfirming(true)}>
                  Replace all in story
                </Button>
              </Box>
            )}
            {found.chapters.map((chapter) => (
              <Box key={chapter.chapter_id} component="section" aria-label={chapter.title} sx={{ mt: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  <Typography variant="body2" component="h3" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
                    {chapter.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {chapter.matches.length === MAX_SEARCH_MATCHES_PER_CHAPTER
                      ? `first ${MAX_SEARCH_MATCHES_PER_CHAPTER} matches`
                      : plural(chapter.matches.length, 'match', 'matches')}
                  </Typography>
                </Box>
                <List dense disablePadding>
                  {chapter.matches.map((match, index) => (
                    <ListItemButton
                      key={`${match.key_id}:${index}`}
                      onClick={() => {
                        navigate(
                          paths.storyMention.getHref(storyId, chapter.chapter_id, { keyId: match.key_id }),
                        );
                        if (!docked) onClose();
                      }}
                      sx={{ borderRadius: 1, px: 1, py: 0.5, my: 0.25, bgcolor: 'action.hover' }}
                    >
                      <Typography
                        variant="body2"
                        sx={{ fontFamily: 'Georgia, serif', overflowWrap: 'anywhere' }}
                      >
                        <EmphasisedSnippet text={match.text} search={search} />
                      </Typography>
                    </ListItemButton>
                  ))}
                </List>
              </Box>
            ))}
          </>
        )}
      </Box>
      {search !== null && found && (
        <ConfirmDialog
          open={confirming}
          title="Replace all in story"
          message={replaceAllQuestion(search, replacement, found.total, found.chapters.length)}
          confirmLabel="Replace all"
          onConfirm={() => void replaceAll()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </WorkspaceSidePanel>
  );
}
