import * as z from 'zod';
import { IdSchema } from '../../shared/schemas/common';
import { ShareIdSchema, SuggestionDecisionSchema } from '../../shared/schemas/review';

/** Path parameters as the route table names them. */
export const StoryPathSchema = z.object({ storyId: IdSchema });
export const SeriesPathSchema = z.object({ seriesId: IdSchema });
export const ChapterPathSchema = z.object({ storyId: IdSchema, chapterId: IdSchema });
export const SeriesStoryPathSchema = z.object({ seriesId: IdSchema, storyId: IdSchema });
export const AssociationPathSchema = StoryPathSchema.extend({ associationId: IdSchema });
export const FactPathSchema = AssociationPathSchema.extend({ factId: IdSchema });
export const VersionPathSchema = ChapterPathSchema.extend({ versionId: IdSchema });
export const SharePathSchema = StoryPathSchema.extend({ shareId: ShareIdSchema });
export const JoinSharePathSchema = z.object({ shareId: ShareIdSchema });
export const CommentPathSchema = StoryPathSchema.extend({ commentId: IdSchema });
export const SuggestionDecisionPathSchema = StoryPathSchema.extend({
  suggestionId: IdSchema,
  decision: SuggestionDecisionSchema,
});
export const RelationshipPathSchema = StoryPathSchema.extend({ relationshipId: IdSchema });
