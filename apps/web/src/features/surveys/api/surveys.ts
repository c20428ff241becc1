import { DirectionalSurvey } from '@econ/contract';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/http';

/** The well's directional survey (a well has at most one), or null when it has none. */
export const wellSurveyQuery = (wellId: string) =>
  queryOptions({
    queryKey: ['directional-survey', wellId],
    queryFn: async () => {
      const list = await getJson(
        `/api/v1/directional-surveys?${new URLSearchParams({ well: wellId, take: '1' })}`,
        DirectionalSurvey.array(),
      );
      return list[0] ?? null;
    },
  });
