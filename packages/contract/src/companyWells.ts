import { z } from 'zod';
import { noNul, ObjectId } from './common';
import { WELL_DATA_SOURCES, WELL_HEADER_NAMES, type WellHeaderName, wellHeader } from './wellHeaders';

/*
 * Company wells in projects and well identifiers (issue 21, decision 047): a company well is
 * attached to a project by `POST /v1/projects/{p}/company-wells`; `PATCH /v1/well-identifiers`
 * changes a well's chosenID, dataSource or scope.
 */

/** Company wells attached, or identifier changes, per request. */
export const COMPANY_WELL_WRITE_MAX = 1000;

/** A company well named by its id (`"…"` or `{id}`) or by its natural key `{chosenID, dataSource}`. */
export const CompanyWellRef = z
  .union([
    ObjectId,
    z.strictObject({ id: ObjectId }),
    z.strictObject({
      chosenID: noNul(z.string({ error: 'chosenID is required' }).trim().min(1).max(64)),
      dataSource: z.enum(WELL_DATA_SOURCES, { error: `dataSource must be one of ${WELL_DATA_SOURCES.join(', ')}` }),
    }),
  ])
  .meta({ id: 'CompanyWellRef', description: 'a company well id, `{id}`, or `{chosenID, dataSource}`' });
export type CompanyWellRef = z.infer<typeof CompanyWellRef>;

/** The string headers whose value may become a well's chosenID (`newInfo.chosenKeyID`). */
export const CHOSEN_KEY_HEADERS = WELL_HEADER_NAMES.filter(
  (n) => wellHeader(n).kind === 'string' && n !== 'chosenKeyID' && n !== 'wellName',
) as unknown as readonly [WellHeaderName, ...WellHeaderName[]];

/**
 * One record of `PATCH /v1/well-identifiers`: the well, and what changes. `chosenKeyID` names the
 * header whose value becomes the well's `chosenID` (`api14`, `inptID`, …; it is kept as the well's
 * `chosenKeyID`); `dataSource` is the new data source; `companyScope: true` makes a project well a
 * company well (still attached to its project), `false` makes a company well attached to exactly
 * one project a well of that project.
 */
export const WellIdentifierChange = z
  .strictObject({
    wellId: ObjectId,
    newInfo: z
      .strictObject({
        chosenKeyID: z
          .enum(CHOSEN_KEY_HEADERS, { error: 'chosenKeyID must name a string header of the well, such as api14' })
          .optional(),
        companyScope: z.boolean({ error: 'companyScope must be true or false' }).optional(),
        dataSource: z
          .enum(WELL_DATA_SOURCES, { error: `dataSource must be one of ${WELL_DATA_SOURCES.join(', ')}` })
          .optional(),
      })
      .refine((n) => n.chosenKeyID !== undefined || n.companyScope !== undefined || n.dataSource !== undefined, {
        message: 'newInfo must give chosenKeyID, companyScope or dataSource',
        params: { rule: 'not empty' },
      }),
  })
  .meta({ id: 'WellIdentifierChange' });
export type WellIdentifierChange = z.infer<typeof WellIdentifierChange>;
