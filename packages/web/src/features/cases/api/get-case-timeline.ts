import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZTimelineResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { CASES_KEY } from './list-cases';

export const timelineKey = (id: number) => [...CASES_KEY, 'timeline', id] as const;

export const getCaseTimeline = (id: number) => http(`/v2/api/claims/${id}/timeline`, {}, ZTimelineResponse);

export const timelineQuery = (id: number) =>
  queryOptions({ queryKey: timelineKey(id), queryFn: () => getCaseTimeline(id) });

export const useCaseTimeline = (id: number, enabled = true) => useQuery({ ...timelineQuery(id), enabled });
