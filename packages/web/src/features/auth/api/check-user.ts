import { useMutation } from '@tanstack/react-query';
import { OTP_ANSWER, OTP_NEW_CODE_IN_HEADER, OTP_SENT_HEADER } from '../../../lib/constants';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';

/** For a contact: whether a code went out now or the one sent moments ago stands, and when a new one may be asked for. */
export interface TCodeSending {
  sentEarlier: boolean;
  /** When a new code can be asked for (epoch ms). */
  newCodeAt: number;
}

export type TCheckUserAnswer = ({ kind: 'otp' } & TCodeSending) | { kind: 'password'; tenantId: string };

/** A new code can be asked for this long after one was sent when the server does not say. */
const NEW_CODE_AFTER_SECONDS = 30;

/** POST /v2/api/stores/check-user: the email as plain text; answers a tenant id or `otp`. */
export const checkUser = async (email: string): Promise<TCheckUserAnswer> => {
  let headers: Headers | undefined;
  const answer = (
    await http<string>('/v2/api/stores/check-user', {
      method: 'POST',
      body: email,
      responseType: 'text',
      tenantId: null,
      onHeaders: (h) => {
        headers = h;
      },
    })
  ).trim();
  if (answer !== OTP_ANSWER) return { kind: 'password', tenantId: answer };
  const seconds = Number(headers?.get(OTP_NEW_CODE_IN_HEADER));
  return {
    kind: 'otp',
    sentEarlier: headers?.get(OTP_SENT_HEADER) === 'earlier',
    newCodeAt: Date.now() + 1000 * (seconds > 0 ? seconds : NEW_CODE_AFTER_SECONDS),
  };
};

export const useCheckUser = ({ mutationConfig }: TMutationHookOptions<typeof checkUser> = {}) =>
  useMutation({ ...mutationConfig, mutationFn: checkUser });
