import { z } from 'zod';
import { noNul, ObjectId, ResourceMeta, Timestamp } from './common';
import { Ownership, OwnershipView } from './econModels/ownershipReversion';
import { WELL_DATA_SOURCES } from './wellHeaders';

/*
 * Company-wide records of the service (issue 21, decision 053; service-shapes.md "Other"): tags,
 * ownership qualifiers and the user directory with roles.
 */

const text = (field: string, max: number) =>
  noNul(
    z
      .string({ error: `${field} must be a string` })
      .trim()
      .min(1, `${field} must not be empty`)
      .max(max, `${field} must be at most ${max} characters`),
  );

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/* -------------------------------------------------------------------- tags */

export const TAG_WRITE_MAX = 500;
export const TAG_SORT = ['id', 'name', 'createdAt', 'updatedAt'] as const;

export const TagInput = z
  .strictObject({
    name: text('name', 100),
    description: noNul(z.string().max(1000, 'description must be at most 1000 characters')).default(''),
  })
  .meta({ id: 'TagInput' });
export type TagInput = z.infer<typeof TagInput>;

export const Tag = ResourceMeta.extend({ name: z.string(), description: z.string() }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

/* ----------------------------------------------------- ownership qualifiers */

export const OWNERSHIP_QUALIFIER_WRITE_MAX = 500;
/** Qualifiers one well may hold (the service's limit). */
export const OWNERSHIP_QUALIFIERS_PER_WELL = 10;
export const OWNERSHIP_QUALIFIER_SORT = ['id', 'well', 'qualifierKey', 'createdAt', 'updatedAt'] as const;

/**
 * What clients send in `ownership` besides the ownership-reversion model's object: a `name`, and
 * an `initialOwnership` that may leave out `netProfitInterestType` (`expense`), `netProfitInterest`
 * (0) and `leaseNetRevenueInterest` (NRI ÷ WI × 100, at most 100; 100 when WI is 0), as the
 * service fills them. Moves `ownership.name` to `ownershipName` for the strict schema below.
 */
function serviceDefaults(v: unknown): unknown {
  if (!isObject(v) || !isObject(v.ownership)) return v;
  const { name, ...ownership } = v.ownership;
  const io = ownership.initialOwnership;
  if (isObject(io)) {
    const wi = io.workingInterest;
    const nri = io.netRevenueInterest;
    const lease =
      typeof wi === 'number' && typeof nri === 'number'
        ? wi === 0
          ? 100
          : Math.min(100, (nri / wi) * 100)
        : undefined;
    ownership.initialOwnership = {
      netProfitInterestType: 'expense',
      netProfitInterest: 0,
      ...(lease === undefined ? {} : { leaseNetRevenueInterest: lease }),
      ...io,
    };
  }
  return { ...v, ownership, ...(name === undefined ? {} : { ownershipName: name }) };
}

/**
 * An ownership qualifier as clients write it: a well (`well` id, or `chosenID` + `dataSource`), a
 * `qualifierKey` and an `ownership` object of the ownership-reversion model (percent 0 to 100).
 */
export const OwnershipQualifierInput = z
  .preprocess(
    serviceDefaults,
    z
      .strictObject({
        well: ObjectId.optional(),
        chosenID: text('chosenID', 64).optional(),
        dataSource: z.enum(WELL_DATA_SOURCES).optional(),
        qualifierKey: text('qualifierKey', 100),
        ownership: Ownership,
        ownershipName: noNul(z.string().max(200, 'ownership.name must be at most 200 characters')).optional(),
      })
      .refine((r) => r.well !== undefined || (r.chosenID !== undefined && r.dataSource !== undefined), {
        path: ['well'],
        message: 'well is required, or chosenID and dataSource',
        params: { rule: 'required' },
      }),
  )
  .meta({ id: 'OwnershipQualifierInput' });
export type OwnershipQualifierInput = z.output<typeof OwnershipQualifierInput>;

export const OwnershipQualifier = z
  .object({
    id: ObjectId,
    well: ObjectId,
    chosenID: z.string(),
    dataSource: z.string(),
    qualifierKey: z.string(),
    ownership: OwnershipView.extend({ name: z.string().optional() }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'OwnershipQualifier' });
export type OwnershipQualifier = z.infer<typeof OwnershipQualifier>;

/* -------------------------------------------------------------- user roles */

export const USER_WRITE_MAX = 500;
export const USER_SORT = ['userId', 'email', 'lastName'] as const;

export const ResourceRole = z
  .strictObject({
    resourceId: text('resourceId', 100),
    resourceType: text('resourceType', 50).meta({ description: '`company`, `project`, …' }),
    roles: z.array(text('role', 100)).max(50),
  })
  .meta({ id: 'ResourceRole' });

/** A user of the company as the operator or the console backend records it (`PUT /admin/companies/{id}/users`). */
export const CompanyUserInput = z
  .strictObject({
    firstName: noNul(z.string().max(200)).default(''),
    lastName: noNul(z.string().max(200)).default(''),
    email: z.email('email must be an email address').max(320).toLowerCase(),
    resourceRoles: z.array(ResourceRole).max(1000).default([]),
  })
  .meta({ id: 'CompanyUserInput' });
export type CompanyUserInput = z.infer<typeof CompanyUserInput>;

export const UserRoles = z
  .object({
    userId: ObjectId,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    resourceRoles: z.array(ResourceRole),
  })
  .meta({ id: 'UserRoles' });
export type UserRoles = z.infer<typeof UserRoles>;
