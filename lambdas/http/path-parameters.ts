import * as z from 'zod';
import { IdSchema } from '../../shared/schemas/common';

/** Path parameters as the route table names them. */
export const StoryPathSchema = z.object({ storyId: IdSchema });
export const SeriesPathSchema = z.object({ seriesId: IdSchema });
export const ChapterPathSchema = z.object({ storyId: IdSchema, chapterId: IdSchema });
export const SeriesStoryPathSchema = z.object({ seriesId: IdSchema, storyId: IdSchema });
export const AssociationPathSchema = StoryPathSchema.extend({ associationId: IdSchema });
export const VersionPathSchema = ChapterPathSchema.extend({ versionId: IdSchema });
