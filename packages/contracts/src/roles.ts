import { z } from 'zod';
import { ROLES } from './constants/roles';

export * from './constants/roles';
export const ZRole = z.enum(ROLES);
