/** The query keys of the supplier portal: the contact's cases, one case, and staff's view of the answers. */
export const PORTAL_KEY = ['supplier-portal'] as const;
export const portalCaseKey = (caseId: number) => [...PORTAL_KEY, 'case', caseId] as const;
export const SUPPLIER_ANSWERS_KEY = ['supplier-answers'] as const;
export const supplierAnswersKey = (caseId: number) => [...SUPPLIER_ANSWERS_KEY, caseId] as const;
