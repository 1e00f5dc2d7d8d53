/** Where the story form puts the story: on its own, in one of the author's series, or in a new series. */
export type SeriesAssignment =
  | { kind: 'standalone' }
  | { kind: 'existing'; seriesId: string; title: string }
  | { kind: 'new'; title: string };

/** What the story form sends, already validated and trimmed. */
export interface StoryDetails {
  title: string;
  description: string;
  series: SeriesAssignment;
  /** A newly chosen image; `null` keeps the current one (a new story gets a generated cover). */
  image: File | null;
  /** Editing: the saved image is taken away (with no new one chosen), so the default picture shows. */
  removeImage: boolean;
}
