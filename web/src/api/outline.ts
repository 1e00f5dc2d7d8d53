/** The outline calls of spec §7, each answer parsed with the shared schema. */
import type { OutlineTemplateType } from '../../../shared/outline-templates';
import {
  OutlineResponseSchema,
  type OutlineSection,
  type OutlineSectionInput,
} from '../../../shared/schemas/outline';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

/** POST /api/outline: a new outline from the template, replacing the story's outline; answers its sections. */
export async function createOutline(storyId: string, type: OutlineTemplateType): Promise<OutlineSection[]> {
  return OutlineResponseSchema.parse(await api.post(apiPaths.outline, { storyID: storyId, type })).sections;
}

/** PUT /api/outline with one section, by its place; answers the whole outline as the server keeps it. */
export async function updateOutlineSection(
  storyId: string,
  section: OutlineSectionInput,
): Promise<OutlineSection[]> {
  return OutlineResponseSchema.parse(await api.put(apiPaths.outline, { storyID: storyId, section })).sections;
}
