import {
  DirectionalSurvey,
  DirectionalSurveyInput,
  DirectionalSurveyListQuery,
  DirectionalSurveyUpdate,
  ErrorEnvelope,
  MultiStatus,
  ObjectId,
  SPATIAL_DATA_TYPES,
  SURVEY_POINTS_MAX,
  SURVEY_SORT,
  SURVEY_TAKE_MAX,
  SURVEY_WRITE_MAX,
} from '@econ/contract';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../appEnv';
import { runBatch, twice } from '../http/batch';
import { multiStatus } from '../http/multiStatus';
import { deleteCountHeaders, LIST_HEADERS, respondList } from '../http/paging';
import { route } from '../http/route';
import {
  deleteSurvey,
  editSurvey,
  insertSurvey,
  readSurvey,
  type SurveyWell,
  surveyList,
  surveyTaken,
  surveyWells,
} from './store';

/* `/v1/directional-surveys` and `/{id}` (issue 21, decision 049): a well's survey as point arrays. */

const BASE = '/v1/directional-surveys';
const TAG = 'Directional surveys';
const IdParam = z.object({ id: ObjectId });
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
const NOT_FOUND = json(ErrorEnvelope, 'No survey with this id in the company');

const RULES = `Arrays \`measuredDepth\`, \`trueVerticalDepth\`, \`azimuth\`, \`inclination\`, \`deviationEW\`, \`deviationNS\`, \`latitude\`, \`longitude\`: one value per point, all of the same length (1 to ${SURVEY_POINTS_MAX} points); measured depths strictly increasing; depths and deviations in FT (±100,000; measured depth 0 or more), inclination 0–180°, azimuth 0–360° (both included), latitude −90..90, longitude −180..180 in \`spatialDataType\` (${SPATIAL_DATA_TYPES.join(', ')}). A broken rule is a 400 naming the array and the index.`;

export function registerDirectionalSurveyRoutes(app: OpenAPIHono<AppEnv>): void {
  route(
    app,
    {
      method: 'get',
      path: BASE,
      tag: TAG,
      auth: 'api',
      head: true,
      summary: 'List directional surveys',
      description: `The company's surveys. Filters: \`well\` and \`chosenID\` (repeatable), \`dataSource\`, \`project\` (or \`projectID\`: the surveys of that project's wells). \`skip\`, \`take\` (at most ${SURVEY_TAKE_MAX}), \`sort\` (\`id\`, \`createdAt\`, \`updatedAt\`, \`-\` descending); \`Link\` header; \`HEAD\` answers \`X-Query-Count\`.`,
      query: DirectionalSurveyListQuery,
      responses: { 200: { ...json(z.array(DirectionalSurvey), 'One page of surveys'), headers: LIST_HEADERS } },
    },
    (c, input) => {
      const deps = c.get('deps');
      return respondList(c, deps.config.publicBaseUrl, { sortFields: SURVEY_SORT, takeMax: SURVEY_TAKE_MAX }, () =>
        surveyList(deps.db, c.get('auth').companyId, input.query),
      );
    },
  );

  route(
    app,
    {
      method: 'post',
      path: BASE,
      tag: TAG,
      auth: 'api',
      summary: 'Create directional surveys',
      description: `One survey or an array of up to ${SURVEY_WRITE_MAX}. Each names its well by \`chosenID\` + \`dataSource\` in the company (404 if none; with \`projectID\`, 404 unless the well is in that project). A well has one survey: a second is a 409 naming the well (change it with \`PUT /{id}\`, or delete it first). ${RULES} Always 207, one result per record: \`{status: "Created", code: 201, id, well, chosenID, dataSource}\` or the record's errors; each survey is stored whole or not at all.`,
      records: { schema: DirectionalSurveyInput, max: SURVEY_WRITE_MAX, single: 'wrap', noun: 'directional surveys' },
      responses: { 207: json(MultiStatus, 'One result per record') },
    },
    async (c, input) => {
      const deps = c.get('deps');
      const companyId = c.get('auth').companyId;
      const wellAt = new Map<number, SurveyWell>();
      const outcomes = await runBatch(deps, await input.records(), {
        parse: DirectionalSurveyInput,
        check: async (batch) => {
          const wellOf = await surveyWells(deps.db, companyId, batch.values());
          for (const [i, r] of batch.pending()) {
            const found = wellOf(r);
            if (found.ok) wellAt.set(i, found.well);
            else batch.fail(i, found.code, found.detail);
          }
          batch.unique(
            (_, i) => wellAt.get(i)!.id,
            new Set(),
            (r, earlier) => twice(surveyTaken(r), earlier),
          );
        },
        apply: (r, i, tx) => insertSurvey(tx, companyId, wellAt.get(i)!, r),
      });
      return c.json(multiStatus(outcomes), 207);
    },
  );

  route(
    app,
    {
      method: 'get',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Get a directional survey',
      params: IdParam,
      responses: { 200: json(DirectionalSurvey, 'The survey'), 404: NOT_FOUND },
    },
    async (c, input) => c.json(await readSurvey(c.get('deps').db, c.get('auth').companyId, input.params.id), 200),
  );

  route(
    app,
    {
      method: 'put',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Change the points of a directional survey',
      description: `\`remove\` deletes the points at those measured depths, then \`update\` gives the points at its \`measuredDepth\` values the values of the other arrays it holds (any of them), then \`add\` inserts new points (every array; kept sorted by measured depth). A depth \`remove\` or \`update\` names that the survey lacks, or one \`add\` names that it has, is a 400 naming it. \`spatialDataType\` and \`dataSource\` must be the survey's. All of it applies in one transaction, and the survey must still follow every rule (${SURVEY_POINTS_MAX} points at most, one at least); otherwise a 400 and nothing changes. 200 with the survey.`,
      params: IdParam,
      body: DirectionalSurveyUpdate,
      responses: { 200: json(DirectionalSurvey, 'The survey as changed'), 404: NOT_FOUND },
    },
    async (c, input) => {
      const change = await input.body();
      return c.json(await editSurvey(c.get('deps'), c.get('auth').companyId, input.params.id, change), 200);
    },
  );

  route(
    app,
    {
      method: 'delete',
      path: `${BASE}/{id}`,
      tag: TAG,
      auth: 'api',
      summary: 'Delete a directional survey',
      description:
        '204 with `X-Delete-Count` (0 when the company has no survey with this id). Deleting a well deletes its survey.',
      params: IdParam,
      responses: { 204: { description: 'Deleted', headers: deleteCountHeaders('surveys deleted') } },
    },
    async (c, input) => {
      const deleted = await deleteSurvey(c.get('deps').db, c.get('auth').companyId, input.params.id);
      return c.body(null, 204, { 'X-Delete-Count': String(deleted) });
    },
  );
}
