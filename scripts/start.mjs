// npm start: builds the web app when its sources changed, then runs the server in this same
// process (packages/server/scripts/run.mjs), so that the process npm starts is the server itself:
// the SIGTERM of a process manager or `docker stop` reaches it, and nothing is left orphaned.
await import('./build-web.mjs');
// run.mjs reads the entry to run from its first argument.
process.argv.splice(2, 0, 'main');
await import('../packages/server/scripts/run.mjs');
