import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListWorkflowMailTemplatesResponse, type TComposeSendType } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** GET /v2/api/settings/initial-properties/mail-templates/{x}?sendType=: the workflow's templates to pick in a compose. */
export const listWorkflowTemplates = (workFlow: string, sendType: TComposeSendType) =>
  http(
    `/v2/api/settings/initial-properties/mail-templates/${workFlow}?sendType=${sendType}`,
    {},
    ZListWorkflowMailTemplatesResponse,
  );

export const workflowTemplatesQuery = (workFlow: string, sendType: TComposeSendType) =>
  queryOptions({
    queryKey: ['mail-templates', 'workflow', workFlow, sendType] as const,
    queryFn: () => listWorkflowTemplates(workFlow, sendType),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useWorkflowTemplates = (workFlow: string, sendType: TComposeSendType) =>
  useQuery(workflowTemplatesQuery(workFlow, sendType));
