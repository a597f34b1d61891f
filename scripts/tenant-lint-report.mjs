// Counts the data-access lint findings (claimdesk/tenant-scope, claimdesk/sql-in-repositories) per
// file: `node scripts/tenant-lint-report.mjs [paths…]`. A progress gauge for issue 20's move.
import { ESLint } from 'eslint';
const eslint = new ESLint();
const results = await eslint.lintFiles(
  process.argv.slice(2).length ? process.argv.slice(2) : ['packages/server/src'],
);
let total = 0;
for (const r of results) {
  const mine = r.messages.filter((m) => m.ruleId?.startsWith('claimdesk/'));
  if (mine.length === 0) continue;
  total += mine.length;
  console.log(`${mine.length}\t${r.filePath.replace(process.cwd() + '/', '')}`);
  for (const m of mine) console.log(`\t${m.line}:${m.column} ${m.ruleId} ${m.message.slice(0, 60)}`);
}
console.log(`total ${total}`);
