/*
 * DELETE /v2/api/settings/mail-templates/{id} (path: ZMailTemplateIdParams): 204; the built-in
 * template with the same key and language, if any, is offered again. Another store's id: 404.
 */
export {};
