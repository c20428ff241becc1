import { z } from 'zod';
import { noNul } from './common';
import { WELL_HEADER_NAMES, wellHeader } from './wellHeaders';

/*
 * Custom column labels (issue 21, decision 047): the custom fields of wells and productions carry
 * the names a company gives them. A label is set for the company or for one project (the project's
 * wins); a field without one is labelled by its name.
 */

export const CUSTOM_COLUMN_COLLECTIONS = ['wells', 'daily-productions', 'monthly-productions'] as const;
export type CustomColumnCollection = (typeof CUSTOM_COLUMN_COLLECTIONS)[number];
export const CUSTOM_COLUMN_TYPES = ['string', 'number', 'date', 'boolean'] as const;
export type CustomColumnType = (typeof CUSTOM_COLUMN_TYPES)[number];

const numbers = (n: number) => Array.from({ length: n }, (_, i) => [`customNumber${i}`, 'number'] as const);

/** The custom fields of each collection, with their types, in order. */
export const CUSTOM_COLUMNS: Record<CustomColumnCollection, readonly (readonly [string, CustomColumnType])[]> = {
  wells: WELL_HEADER_NAMES.filter((n) => n.startsWith('custom')).map(
    (n) => [n, wellHeader(n).kind as CustomColumnType] as const,
  ),
  'daily-productions': numbers(5),
  'monthly-productions': numbers(20),
};

export const CustomColumn = z
  .object({
    headerName: z.string(),
    headerType: z.enum(CUSTOM_COLUMN_TYPES),
    headerLabel: z.string().meta({ description: 'the label set, else the field name' }),
  })
  .meta({ id: 'CustomColumn' });
export type CustomColumn = z.infer<typeof CustomColumn>;

/** One label to set (`PUT`): `null` or an empty label gives the field its default (its name) back. */
export const CustomColumnLabelInput = z
  .strictObject({
    headerName: z.string({ error: 'headerName is required' }).max(100),
    headerLabel: noNul(z.string({ error: 'headerLabel must be a string or null' }).trim().max(200)).nullable(),
  })
  .meta({ id: 'CustomColumnLabelInput' });
export type CustomColumnLabelInput = z.infer<typeof CustomColumnLabelInput>;
