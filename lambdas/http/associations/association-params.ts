import { z } from 'zod';
import { IdSchema } from '../../../shared/schemas/common';

/** `/api/stories/{storyId}/associations...` */
export const StoryPathSchema = z.object({ storyId: IdSchema });

/** `/api/stories/{storyId}/associations/{associationId}...` */
export const AssociationPathSchema = StoryPathSchema.extend({ associationId: IdSchema });
