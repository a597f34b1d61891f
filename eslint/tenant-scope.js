// Lint rules of the data access (docs/architecture.md, data access; issue 20). They read types, so a
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

/** Text before an interpolation that compares a tenant column with it: `… tenant_id = ${…}`. */
const HAND_WRITTEN_FILTER = /\btenant_id\s*(=|<>|!=|\bIN\b|\bIS\b)\s*\(?\s*$/i;

/** Whether any node under `root` (the node itself included) meets `test`. */
function hasNode(root, test) {
  if (!root || typeof root.type !== 'string') return false;
  if (test(root)) return true;
  return Object.entries(root).some(
    ([key, value]) =>
      key !== 'parent' &&
      (Array.isArray(value)
        ? value.some((v) => hasNode(v, test))
        : value && typeof value === 'object' && hasNode(value, test)),
  );
}

/** Whether the identifier `name` is referenced anywhere under `root`. */
const isUsed = (root, name) => hasNode(root, (node) => node.type === 'Identifier' && node.name === name);

/** A table after FROM, JOIN, UPDATE or INTO: a name that is not a function call, or a `${table}`. */
const TABLE_NAMED = /\b(FROM|JOIN|UPDATE|INTO)\s+(?:"?[A-Za-z_][\w]*"?(?![\w"]*\s*\()|$)/i;

/** Whether an `sql` template under `root` names a table. */
const namesTable = (root) =>
  hasNode(
    root,
    (node) => node.type === 'TemplateLiteral' && node.quasis.some((q) => TABLE_NAMED.test(q.value.raw)),
  );

// `claimdesk/store-filter`: SQL text filters tenant tables through the store filter of the bound
// handle (`${store.owns('c')}`, src/db/tenant-db.ts), never by a `tenant_id = ${…}` written by
// hand, so that lint can see every filter; a TenantDb's `execute(build)` uses the store filter it
// is given; and nobody reaches past drizzle to the driver (`$client`).
const storeFilterRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Tenant filters in SQL text through the store filter of the bound handle' },
    schema: [],
    messages: {
      handWritten:
        "A tenant filter written by hand ('tenant_id = ${…}'): write ${store.owns('alias')} (or db.owns('alias')), " +
        'the store filter of the bound handle (src/db/tenant-db.ts).',
      unusedStore:
        "A statement through execute() that does not use the store filter it is given: filter every tenant table with ${store.owns('alias')}.",
      client:
        "The driver's client ('$client') bypasses the store binding: go through forTenant(db, tenantId).",
    },
  },
  create(context) {
    const isSqlTag = (tag) =>
      (tag.type === 'Identifier' && tag.name === 'sql') ||
      (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');
    return {
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        const quasis = node.quasi.quasis;
        for (let i = 0; i < quasis.length - 1; i += 1)
          if (HAND_WRITTEN_FILTER.test(quasis[i].value.raw))
            context.report({ node, messageId: 'handWritten' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (callee.property.name !== 'execute') return;
        const [build] = node.arguments;
        if (!build || (build.type !== 'ArrowFunctionExpression' && build.type !== 'FunctionExpression'))
          return;
        // A statement that names no table (pg_notify, SET LOCAL) has nothing to filter.
        if (!namesTable(build.body)) return;
        const [param] = build.params;
        if (!param || param.type !== 'Identifier' || !isUsed(build.body, param.name))
          context.report({ node: build, messageId: 'unusedStore' });
      },
      MemberExpression(node) {
        if (node.property.type === 'Identifier' && node.property.name === '$client')
          context.report({ node, messageId: 'client' });
      },
    };
  },
};

export default {
  rules: {
    'tenant-scope': tenantScope,
    'sql-in-repositories': sqlInRepositories,
    'store-filter': storeFilterRule,
  },
};
