import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Fact } from '../../../../../shared/schemas/facts';
import { continuityQuery } from '../../../api/continuity';
import {
  createFact,
  deleteFact,
  factKeys,
  factsQuery,
  factsToShow,
  getFacts,
  updateFact,
} from '../../../api/facts';
import { storyQuery } from '../../../api/stories';
import { storyAddressParameters } from '../../../config/paths';
import type { AlertOptions } from '../../../components/alerts/alert-types';
import { ChapterSelect, chapterName } from '../../../components/chapter-select/chapter-select';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { ApiError } from '../../../lib/api-client';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { FormRefusal } from '../../../components/feedback/form-refusal';

const FACT_SAVE_FAILED: AlertOptions = {
  title: 'Error saving fact',
  message: 'The fact could not be saved. Please try again later.',
  severity: 'error',
};

/** The fact being written: a new one, or one of the list being changed. */
interface FactDraft {
  factId: string | null;
  label: string;
  value: string;
  fromChapterId: string;
}

const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

interface FactsSectionProps {
  storyId: string;
  associationId: string;
  /** Every fact, in story order, as the panel's read of the association brought them. */
  facts: readonly Fact[];
  readOnly: boolean;
}

/**
 * The panel's 'Facts' (issue 25 §2): what is true of the association as of a chapter (the one open in the
 * workspace, or one chosen), every fact with the chapter it becomes true in, and a form to add or change one.
 */
export function FactsSection({ storyId, associationId, facts, readOnly }: FactsSectionProps) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const [searchParams] = useSearchParams();
  const { data: story } = useQuery(storyQuery(storyId));
  const chapters = story?.chapters ?? [];
  const openChapterId = searchParams.get(storyAddressParameters.chapter);
  const [chosenChapterId, setChosenChapterId] = useState<string | null>(null);
  const asOf =
    chapters.find((chapter) => chapter.id === (chosenChapterId ?? openChapterId))?.id ?? chapters.at(-1)?.id;
  const standing = useQuery({
    ...factsQuery(storyId, associationId, asOf ?? null),
    enabled: asOf !== undefined,
  });
  const shown = standing.data && factsToShow(standing.data);
  // Kept here once read with the association, and read again after each change.
  const [all, setAll] = useState(facts);
  const [draft, setDraft] = useState<FactDraft | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const chapterTitle = (chapterId: string) => {
    const chapter = chapters.find((candidate) => candidate.id === chapterId);
    return chapter ? chapterName(chapter) : 'another volume';
  };
  // The Story Bible's facts and continuity checks read these facts too.
  const refresh = async () => {
    await Promise.all(
      [
        factKeys.all(storyId, associationId),
        factKeys.storyAll(storyId),
        continuityQuery(storyId).queryKey,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    setAll((await getFacts(storyId, associationId, null)).facts);
  };

  const save = useAlertingMutation({
    mutationFn: ({ factId, label, value, fromChapterId }: FactDraft) => {
      const fields = { label, value, from_chapter_id: fromChapterId };
      return factId === null
        ? createFact(storyId, associationId, fields)
        : updateFact(storyId, associationId, factId, fields);
    },
    onSuccess: async () => {
      setDraft(null);
      await refresh();
    },
    onError: (error) => {
      // A refused fact says why beside the form; a failure to reach the server or a fault is the alert's.
      if (isRefusal(error)) setRefusal(error.message);
      else showAlert(FACT_SAVE_FAILED);
    },
    failureLog: 'Saving a fact failed.',
  });
  const remove = useAlertingMutation({
    mutationFn: (fact: Fact) => deleteFact(storyId, associationId, fact.fact_id),
    onSuccess: refresh,
    failureLog: 'Deleting a fact failed.',
    failureAlert: FACT_SAVE_FAILED,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) {
      setRefusal(null);
      save.mutate(draft);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Facts
      </Typography>
      {asOf === undefined ? (
        <Typography color="text.secondary" variant="body2">
          Facts start from a chapter: this story has none yet.
        </Typography>
      ) : (
        <>
          <ChapterSelect
            label="As of chapter"
            chapters={chapters}
            value={asOf}
            onChange={setChosenChapterId}
            sx={{ mt: 1.5, width: '100%' }}
          />
          {shown?.length === 0 ? (
            <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }}>
              Nothing recorded yet as of this chapter.
            </Typography>
          ) : (
            <Box component="dl" aria-label="Facts as of this chapter" sx={{ m: 0, mt: 1 }}>
              {shown?.map((fact) => (
                <Box key={fact.key} sx={{ display: 'flex', gap: 1, py: 0.25 }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 600, flex: '0 0 auto' }}>
                    {fact.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {fact.value}
                    {fact.workedOut && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        (from Born and the chapter’s story time)
                      </Typography>
                    )}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {all.length > 0 && (
            <List dense aria-label="Every fact, in story order" sx={{ mt: 1 }}>
              {all.map((fact) => (
                <ListItem
                  key={fact.fact_id}
                  disableGutters
                  secondaryAction={
                    readOnly ? undefined : (
                      <>
                        <IconButton
                          aria-label={`Change ${fact.label}: ${fact.value}`}
                          size="small"
                          onClick={() =>
                            setDraft({
                              factId: fact.fact_id,
                              label: fact.label,
                              value: fact.value,
                              fromChapterId: fact.from_chapter_id,
                            })
                          }
                        >
                          <EditOutlined fontSize="small" />
                        </IconButton>
                        <IconButton
                          aria-label={`Delete ${fact.label}: ${fact.value}`}
                          size="small"
                          edge="end"
                          onClick={() => remove.mutate(fact)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </>
                    )
                  }
                >
                  <ListItemText
                    primary={`${fact.label}: ${fact.value}`}
                    secondary={`From ${chapterTitle(fact.from_chapter_id)}`}
                    sx={{ pr: 8, overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          {!readOnly &&
            (draft ? (
              <Stack component="form" spacing={1.5} sx={{ mt: 1.5 }} onSubmit={submit} aria-label="Fact">
                <TextField
                  size="small"
                  label="Label"
                  placeholder="Age, Status, Born…"
                  value={draft.label}
                  onChange={(event) => setDraft({ ...draft, label: event.target.value })}
                  autoFocus
                />
                <TextField
                  size="small"
                  label="Value"
                  value={draft.value}
                  onChange={(event) => setDraft({ ...draft, value: event.target.value })}
                />
                <ChapterSelect
                  label="True from chapter"
                  chapters={chapters}
                  value={draft.fromChapterId}
                  onChange={(fromChapterId) => setDraft({ ...draft, fromChapterId })}
                />
                <FormRefusal message={refusal} />
                <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
                  <Button onClick={() => setDraft(null)}>Cancel</Button>
                  <Button type="submit" variant="contained" disabled={save.isPending}>
                    {draft.factId === null ? 'Add fact' : 'Save fact'}
                  </Button>
                </Box>
              </Stack>
            ) : (
              <Button
                size="small"
                sx={{ mt: 1 }}
                onClick={() => {
                  setRefusal(null);
                  setDraft({ factId: null, label: '', value: '', fromChapterId: asOf });
                }}
              >
                Add a fact
              </Button>
            ))}
        </>
      )}
    </Box>
  );
}
