import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AssociationType } from '../../../../../shared/schemas/associations';
import type { ElementSuggestions as Suggestions } from '../../../../../shared/schemas/story-bible';
import { MIN_SUGGESTION_COUNT } from '../../../../../shared/element-suggestions';
import { associationTypeLabel } from '../../../editor/nodes/association-node';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const names = (list: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(list);

/** The empty state says which rule left the story's names out, as the server found it. */
function noSuggestionsText(reason: Suggestions['none_because']): string {
  switch (reason?.reason) {
    case 'only_at_sentence_starts':
      return (
        `No suggestions yet: ${names(reason.names)} ${reason.names.length === 1 ? 'is' : 'are'} written ` +
        `${MIN_SUGGESTION_COUNT} times or more, but only at the start of a sentence, where any word has a ` +
        'capital. A name is suggested once it is also written mid-sentence; or select it in a chapter to add it now.'
      );
    case 'too_few_repeats':
      return (
        `No suggestions yet: a name is suggested once it is written ${MIN_SUGGESTION_COUNT} times, and none ` +
        `is so far (the most written: ${names(reason.names)}).`
      );
    case 'all_associations':
      return 'No suggestions: every name the story repeats is already an association.';
    default:
      return (
        `No suggestions yet: a name is suggested once the story writes it ${MIN_SUGGESTION_COUNT} times, ` +
        'with a capital letter.'
      );
  }
}

/** Issue 13 §3's buttons, in its order. */
const ADD_ORDER: readonly AssociationType[] = ['character', 'place', 'event', 'item'];

interface ElementSuggestionsProps {
  suggestions: Suggestions;
  onAdd: (name: string, type: AssociationType) => void;
}

/** Names the story repeats that are no association yet, each added in one click as one of the four kinds. */
export function ElementSuggestions({ suggestions, onAdd }: ElementSuggestionsProps) {
  if (suggestions.suggestions.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        {noSuggestionsText(suggestions.none_because)}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {suggestions.suggestions.map((suggestion) => (
        <Stack
          component="li"
          key={suggestion.name}
          aria-label={suggestion.name}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{
            alignItems: { sm: 'center' },
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
          }}
        >
          <Stack sx={{ flex: '1 1 auto', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{suggestion.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`${plural(suggestion.count, 'time', 'times')} in ${plural(suggestion.chapters, 'chapter', 'chapters')}`}
            </Typography>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {ADD_ORDER.map((type) => (
              <Button key={type} size="small" variant="outlined" onClick={() => onAdd(suggestion.name, type)}>
                {`Add as ${associationTypeLabel(type)}`}
              </Button>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
