import { CUSTOM_COLUMNS, type CustomColumnCollection } from '@econ/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { customColumnLabels } from '../db/schema';

/* The labels of custom columns in storage (decision 047): the company's, and a project's over them. */

/** The custom columns of a collection with their labels: the project's, else the company's, else the name. */
export async function columnsOf(
  db: Db,
  companyId: string,
  projectId: string | null,
  collection: CustomColumnCollection,
) {
  const rows = await db
    .select()
    .from(customColumnLabels)
    .where(
      and(
        eq(customColumnLabels.companyId, companyId),
        eq(customColumnLabels.collection, collection),
        projectId
          ? or(isNull(customColumnLabels.projectId), eq(customColumnLabels.projectId, projectId))
          : isNull(customColumnLabels.projectId),
      ),
    );
  const company = new Map(rows.filter((r) => r.projectId === null).map((r) => [r.headerName, r.label]));
  const project = new Map(rows.filter((r) => r.projectId !== null).map((r) => [r.headerName, r.label]));
  return CUSTOM_COLUMNS[collection].map(([headerName, headerType]) => ({
    headerName,
    headerType,
    headerLabel: project.get(headerName) ?? company.get(headerName) ?? headerName,
  }));
}

/** Sets (or, with no label, clears) the label of one custom field for the company or one project. */
export async function setLabel(
  db: Db,
  key: { companyId: string; projectId: string | null; collection: CustomColumnCollection; headerName: string },
  label: string | null | undefined,
): Promise<void> {
  const { companyId, projectId, collection, headerName } = key;
  await db
    .delete(customColumnLabels)
    .where(
      and(
        eq(customColumnLabels.companyId, companyId),
        projectId ? eq(customColumnLabels.projectId, projectId) : isNull(customColumnLabels.projectId),
        eq(customColumnLabels.collection, collection),
        eq(customColumnLabels.headerName, headerName),
      ),
    );
  if (label) await db.insert(customColumnLabels).values({ companyId, projectId, collection, headerName, label });
}
