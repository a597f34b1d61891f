import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZExchangeRate, ZExchangeRatesResponse, type TPutExchangeRateRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

const RATES_KEY = ['exchange-rates'] as const;

/** GET /v2/api/settings/exchange-rates: the store's rates, by currency, newest first. */
export const getExchangeRates = () => http('/v2/api/settings/exchange-rates', {}, ZExchangeRatesResponse);

export const exchangeRatesQuery = () => queryOptions({ queryKey: RATES_KEY, queryFn: getExchangeRates });

export const useExchangeRates = (enabled: boolean) => useQuery({ ...exchangeRatesQuery(), enabled });

/** PUT /v2/api/settings/exchange-rates (administrators): adds or replaces the rate of a currency and date. */
export const putExchangeRate = (rate: TPutExchangeRateRequest) =>
  http('/v2/api/settings/exchange-rates', { method: 'PUT', body: rate }, ZExchangeRate);

/** DELETE /v2/api/settings/exchange-rates/{id} (administrators). */
export const deleteExchangeRate = (id: number) =>
  http(`/v2/api/settings/exchange-rates/${id}`, { method: 'DELETE' });

const useRatesMutation = <T>(mutationFn: (variables: T) => Promise<unknown>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: RATES_KEY }),
  });
};

export const usePutExchangeRate = () => useRatesMutation(putExchangeRate);
export const useDeleteExchangeRate = () => useRatesMutation(deleteExchangeRate);
