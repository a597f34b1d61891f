import { ZFindPropertyResponse, type TStoredProperty } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { isHttpError } from '../../../lib/http-error';
import { PROPERTY_BASE, type TPropertyLevel } from './list-properties';

/** The stored document of a name at one level, or null when none is stored (the fallback applies). */
export const findProperty = async (level: TPropertyLevel, name: string): Promise<TStoredProperty | null> => {
  try {
    return await http(
      `${PROPERTY_BASE[level]}/findone/${encodeURIComponent(name)}`,
      {},
      ZFindPropertyResponse,
    );
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
};
