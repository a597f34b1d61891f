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

/** No workflow (a mail without a case): no templates, since they fill in a case's values. */
export const workflowTemplatesQuery = (workFlow: string | null, sendType: TComposeSendType) =>
  queryOptions({
    queryKey: ['mail-templates', 'workflow', workFlow, sendType] as const,
    queryFn: () => listWorkflowTemplates(workFlow ?? '', sendType),
    enabled: workFlow !== null,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useWorkflowTemplates = (workFlow: string | null, sendType: TComposeSendType) =>
  useQuery(workflowTemplatesQuery(workFlow, sendType));
