// Lint rules of the data access (CONVENTIONS.md, habit 6; issue 20). They read types, so a
// handle under any name (db, tx, this.deps.db) is seen.
//
// `claimdesk/tenant-scope`: a statement on the raw database handle (drizzle's PgDatabase or a
// transaction of it) is written only in the data layer (src/db/) or in a `*.system.ts` file,
// where the lookups that cross stores on purpose live. Everywhere else a store's code goes
// through a TenantDb (src/db/tenant-db.ts), whose statements are bound to the store.
//
// `claimdesk/sql-in-repositories`: a statement on a TenantDb is written in a `*.repository.ts`
// file (or `*.system.ts`); services, routes and workers call repositories. Opening a
// transaction is a service's business and allowed anywhere.

/** drizzle's classes that make statements on the raw handle. */
const RAW_HANDLES = new Set(['PgDatabase', 'PgTransaction', 'NodePgDatabase', 'PgliteDatabase']);

/** The members of a handle that start a statement or reach one. */
const STATEMENTS = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  '$count',
  '$with',
  'with',
  'query',
  'transaction',
  'refreshMaterializedView',
]);

/** Whether `type` (or a member of its union, or a class it extends) is named one of `names`. */
function isNamed(type, names, checker, seen = new Set()) {
  if (!type || seen.has(type)) return false;
  seen.add(type);
  if (type.isUnion() || type.isIntersection())
    return type.types.some((t) => isNamed(t, names, checker, seen));
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  if (symbol && names.has(symbol.getName())) return true;
  const bases = type.isClassOrInterface() ? checker.getBaseTypes(type) : [];
  const target = type.target;
  return (
    bases.some((t) => isNamed(t, names, checker, seen)) ||
    Boolean(target && target !== type && isNamed(target, names, checker, seen))
  );
}

/** A rule that reports `handle.<statement>` where the handle's type is one of `names`. */
function statementRule({ description, names, members, message }) {
  return {
    meta: { type: 'problem', docs: { description }, messages: { found: message }, schema: [] },
    create(context) {
      const services = context.sourceCode.parserServices;
      if (!services?.program) return {};
      const checker = services.program.getTypeChecker();
      return {
        MemberExpression(node) {
          if (node.computed || node.property.type !== 'Identifier' || !members.has(node.property.name))
            return;
          if (isNamed(services.getTypeAtLocation(node.object), names, checker)) {
            context.report({ node: node.property, messageId: 'found', data: { name: node.property.name } });
          }
        },
      };
    },
  };
}

const tenantScope = statementRule({
  description: 'Statements on the raw database only in src/db/ and *.system.ts files',
  names: RAW_HANDLES,
  members: STATEMENTS,
  message:
    "A statement on the raw database handle ('{{name}}'): go through forTenant(db, tenantId) " +
    '(src/db/tenant-db.ts), or, for a lookup that crosses stores on purpose, move it into a *.system.ts file.',
});

const sqlInRepositories = statementRule({
  description: 'Statements on a TenantDb only in *.repository.ts (and *.system.ts) files',
  names: new Set(['TenantDb']),
  members: new Set([...STATEMENTS].filter((m) => m !== 'transaction')),
  message: "A statement ('{{name}}') outside a repository: SQL lives in *.repository.ts files.",
});

export default { rules: { 'tenant-scope': tenantScope, 'sql-in-repositories': sqlInRepositories } };
