import type { Story } from '../../../../shared/schemas/story';

/** A story as the series editor lists it: a volume, or a standalone story that can become one. */
export type Volume = Pick<Story, 'story_id' | 'title' | 'image_url'>;
