import { UserProgressQuerySchema } from '../../../shared/schemas/progress';
import { getUserProgress } from '../../domain/progress/progress';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** GET /api/user/progress?days=N (1–366, default 30): words per day, today, the daily goal and the streak. */
export const handler = httpRoute({
  auth: 'required',
  query: UserProgressQuerySchema,
  async handle({ query, userId, ports }) {
    return ok(await getUserProgress(ports, userId, query.days));
  },
});
