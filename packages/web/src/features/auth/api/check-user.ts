import { useMutation } from '@tanstack/react-query';
import { OTP_ANSWER } from '../../../lib/constants';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

export type TCheckUserAnswer = { kind: 'otp' } | { kind: 'password'; tenantId: string };

/** POST /v2/api/stores/check-user: the email as plain text; answers a tenant id or `otp`. */
export const checkUser = async (email: string): Promise<TCheckUserAnswer> => {
  const answer = (
    await http<string>('/v2/api/stores/check-user', {
      method: 'POST',
      body: email,
      responseType: 'text',
      tenantId: null,
    })
  ).trim();
  return answer === OTP_ANSWER ? { kind: 'otp' } : { kind: 'password', tenantId: answer };
};

export const useCheckUser = ({ mutationConfig }: TMutationHookOptions<typeof checkUser> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: checkUser });
