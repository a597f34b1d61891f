// `claimdesk/module-ring`: no server module imports a module that imports it back, through any
// chain of modules (issue 42). `import-x/no-cycle` sees rings of files; this one sees rings of the
// folders under packages/server/src/modules/, where mail importing suppliers while suppliers import
// mail is a ring even when no file imports itself back. The case core sits below the features that
// hang from it; where it must let them act, the app hands their functions in (AppDeps.caseWings).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MODULES = path.join('packages', 'server', 'src', 'modules');
/** Relative import specifiers of a source text (static, re-exports and dynamic). */
const SPECIFIERS = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;
/** How long a scan of the modules is reused (one lint run; an editor's server scans again). */
const SCAN_TTL_MS = 5000;

/** The module (folder under src/modules/) a file path is in, or null. */
function moduleOf(file, modulesDir) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : null;
}

/** The modules a file's text imports from, other than its own. */
function importedModules(file, text, modulesDir) {
  const own = moduleOf(file, modulesDir);
  const found = new Set();
  for (const match of text.matchAll(SPECIFIERS)) {
    const target = moduleOf(path.resolve(path.dirname(file), match[1]), modulesDir);
    if (target && target !== own) found.add(target);
  }
  return found;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__' && entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) yield full;
  }
}

let scan = null;
/** Per file under src/modules/, the other modules it imports from (read from disk, reused briefly). */
function scanModules(modulesDir) {
  if (scan && scan.dir === modulesDir && Date.now() - scan.at < SCAN_TTL_MS) return scan.files;
  const files = new Map();
  for (const file of sourceFiles(modulesDir))
    files.set(file, importedModules(file, readFileSync(file, 'utf8'), modulesDir));
  scan = { dir: modulesDir, at: Date.now(), files };
  return files;
}

/** The module edges with `file`'s own imports as the linted text has them. */
function moduleEdges(files, file, ownImports, modulesDir) {
  const edges = new Map();
  const add = (from, targets) => {
    if (!edges.has(from)) edges.set(from, new Set());
    for (const to of targets) edges.get(from).add(to);
  };
  for (const [other, targets] of files) if (other !== file) add(moduleOf(other, modulesDir), targets);
  add(moduleOf(file, modulesDir), ownImports);
  return edges;
}

/** A chain of modules from `from` to `to` (both included), or null. */
function pathBetween(edges, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === to) {
      const chain = [];
      for (let step = at; step !== null; step = previous.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of edges.get(at) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

const moduleRing = {
  meta: {
    type: 'problem',
    docs: { description: 'No ring of server modules: a module never imports one that imports it back' },
    schema: [],
    messages: {
      ring:
        "Module '{{from}}' imports '{{to}}', which imports it back: {{chain}}. Move what both need below " +
        'them, or let the lower one raise an event / take the function from the app (AppDeps).',
    },
  },
  create(context) {
    const modulesDir = path.join(context.cwd, MODULES);
    const file = context.filename;
    const own = moduleOf(file, modulesDir);
    if (!own) return {};
    const ownImports = importedModules(file, context.sourceCode.text, modulesDir);
    if (ownImports.size === 0) return {};
    const edges = moduleEdges(scanModules(modulesDir), file, ownImports, modulesDir);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(file), specifier), modulesDir);
      if (!target || target === own) return;
      const back = pathBetween(edges, target, own);
      if (back)
        context.report({
          node,
          messageId: 'ring',
          data: { from: own, to: target, chain: [own, ...back].join(' → ') },
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'module-ring': moduleRing } };
