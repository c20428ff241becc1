import { ECON_MODEL_SORT, TAKE_MAX } from '@econ/contract';
import { z } from 'zod';
import { sortedSearch } from '../../../lib/listSearch';

/**
 * The address of a list of econ models: paged and sorted by the service, and `search`, the API's
 * case-insensitive part of the name (at most 200 characters), so the list stays paged whatever the
 * number of models (no client-side scan of every page).
 */
export const EconModelsSearch = sortedSearch(ECON_MODEL_SORT, 'name', TAKE_MAX, 25).extend({
  search: z.string().trim().min(1).max(200).optional().catch(undefined),
  /** The name of a model just deleted from its page, for the banner. */
  deleted: z.string().optional().catch(undefined),
});
export type EconModelsSearch = z.infer<typeof EconModelsSearch>;

/** The address of one model's page: `new` creates (with `copy`, from a copy of that model). */
export const NEW_MODEL = 'new';
export const EconModelSearch = z.object({ copy: z.string().min(1).optional().catch(undefined) });
