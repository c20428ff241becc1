import { z } from 'zod';
import { noNul, ObjectId, pagingQuery, Timestamp } from './common';

/*
 * Comments on wells (issue 21, decision 047): what engineers note about a well, in a project and a
 * forecast or in none; written by `POST /v1/well-comments`, read by `GET /v1/well-comments`.
 */

export const WELL_COMMENT_WRITE_MAX = 1000;
const TEXT_MAX = 10_000;

/** A comment as clients write it. A forecast names its project (given or not). */
export const WellCommentInput = z
  .strictObject({
    well: ObjectId.meta({ description: 'the well commented on' }),
    project: ObjectId.optional().meta({ description: 'a project the well is in' }),
    forecast: ObjectId.optional().meta({ description: 'a forecast of that project holding the well' }),
    text: noNul(
      z
        .string({ error: 'text is required' })
        .trim()
        .min(1, 'text must not be empty')
        .max(TEXT_MAX, `text must be at most ${TEXT_MAX} characters`),
    ),
  })
  .meta({ id: 'WellCommentInput' });
export type WellCommentInput = z.infer<typeof WellCommentInput>;

export const WellComment = z
  .object({
    id: ObjectId,
    well: ObjectId,
    project: ObjectId.optional(),
    forecast: ObjectId.optional(),
    text: z.string(),
    createdBy: z.string().meta({ description: 'the credential that wrote it' }),
    createdAt: Timestamp,
  })
  .meta({ id: 'WellComment' });
export type WellComment = z.infer<typeof WellComment>;

export const WELL_COMMENT_SORT = ['createdAt', 'id'] as const;
/** The comment list: newest last by default; filters by well, project and forecast. */
export const WellCommentListQuery = pagingQuery(WELL_COMMENT_SORT, 1000).extend({
  well: ObjectId.optional().meta({ description: 'comments on this well' }),
  project: ObjectId.optional().meta({ description: 'comments made in this project' }),
  forecast: ObjectId.optional().meta({ description: 'comments made in this forecast' }),
});
