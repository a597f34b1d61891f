// `claimdesk/module-ring`: no server module imports a module that imports it back, through any
// chain of modules (issue 42). `import-x/no-cycle` sees rings of files; this one sees rings of the
// folders under packages/server/src/modules/, where mail importing suppliers while suppliers import
// mail is a ring even when no file imports itself back. The case core sits below the features that
// hang from it; where it must let them act, the app hands their functions in (AppDeps.caseWings).
// The same check runs one level down, on the rooms of a module (its sub-folders; its top-level
// files are its face): mail's rooms (intake, threading, reading, writing, outbox, ...) import one
// way, so an inbound mail's path to the database never turns back.
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

/**
 * The room a file path is in: `module/folder` for a file in a module's sub-folder, `module` for
 * its top-level files (the module's face), or null outside the modules.
 */
function roomOf(file, modulesDir) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.length < 2) return null;
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The modules a file's text imports from other than its own, and the other rooms of its own. */
function importedUnits(file, text, modulesDir) {
  const own = moduleOf(file, modulesDir);
  const ownRoom = roomOf(file, modulesDir);
  const modules = new Set();
  const rooms = new Set();
  for (const match of text.matchAll(SPECIFIERS)) {
    const resolved = path.resolve(path.dirname(file), match[1]);
    const target = moduleOf(resolved, modulesDir);
    if (!target) continue;
    if (target !== own) modules.add(target);
    else if (roomOf(resolved, modulesDir) !== ownRoom) rooms.add(roomOf(resolved, modulesDir));
  }
  return { modules, rooms };
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
/** Per file under src/modules/, the other modules and rooms it imports (read from disk, reused briefly). */
function scanModules(modulesDir) {
  if (scan && scan.dir === modulesDir && Date.now() - scan.at < SCAN_TTL_MS) return scan.files;
  const files = new Map();
  for (const file of sourceFiles(modulesDir))
    files.set(file, importedUnits(file, readFileSync(file, 'utf8'), modulesDir));
  scan = { dir: modulesDir, at: Date.now(), files };
  return files;
}

/** The edges between units (`unitOf`, `kind` of import) with `file`'s own imports as linted. */
function unitEdges(files, file, ownImports, modulesDir, unitOf, kind) {
  const edges = new Map();
  const add = (from, targets) => {
    if (!edges.has(from)) edges.set(from, new Set());
    for (const to of targets) edges.get(from).add(to);
  };
  for (const [other, targets] of files) if (other !== file) add(unitOf(other, modulesDir), targets[kind]);
  add(unitOf(file, modulesDir), ownImports[kind]);
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
    docs: { description: 'No ring of server modules, nor of the rooms inside one' },
    schema: [],
    messages: {
      ring:
        "Module '{{from}}' imports '{{to}}', which imports it back: {{chain}}. Move what both need below " +
        'them, or let the lower one raise an event / take the function from the app (AppDeps).',
      roomRing:
        "Room '{{from}}' imports '{{to}}', which imports it back: {{chain}}. A module's rooms import one " +
        'way (docs/architecture.md): move what both need to the lower room.',
    },
  },
  create(context) {
    const modulesDir = path.join(context.cwd, MODULES);
    const file = context.filename;
    const own = moduleOf(file, modulesDir);
    if (!own) return {};
    const ownRoom = roomOf(file, modulesDir);
    const ownImports = importedUnits(file, context.sourceCode.text, modulesDir);
    if (ownImports.modules.size === 0 && ownImports.rooms.size === 0) return {};
    const files = scanModules(modulesDir);
    const moduleEdges = unitEdges(files, file, ownImports, modulesDir, moduleOf, 'modules');
    const roomEdges = unitEdges(files, file, ownImports, modulesDir, roomOf, 'rooms');
    const report = (node, messageId, from, to, back) =>
      context.report({ node, messageId, data: { from, to, chain: [from, ...back].join(' → ') } });
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), specifier);
      const target = moduleOf(resolved, modulesDir);
      if (!target) return;
      if (target !== own) {
        const back = pathBetween(moduleEdges, target, own);
        if (back) report(node, 'ring', own, target, back);
        return;
      }
      const room = roomOf(resolved, modulesDir);
      if (room === ownRoom) return;
      const back = pathBetween(roomEdges, room, ownRoom);
      if (back) report(node, 'roomRing', ownRoom, room, back);
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
