// A module's index.ts is what other modules may use: its definition, its service's type, presenters and pure
// helpers — never its tables or its repository's functions (issue 21; `npm run boundaries` runs this after
// dependency-cruiser, which sees an import of index.ts but not what index.ts re-exports). Row types may pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const modulesDir = 'apps/server/src/modules';
// The ledger's prepared movements are applied by another module's SQL function (decision 0023).
const allowed = new Set(['ledgerPostArguments', 'translateLedgerError']);
const problems = [];
for (const name of readdirSync(modulesDir)) {
  let text;
  try {
    text = readFileSync(join(modulesDir, name, 'index.ts'), 'utf8');
  } catch {
    continue;
  }
  for (const match of text.matchAll(
    /export\s+(type\s+)?\{([^}]*)\}\s+from\s+'\.\/([\w.-]+\.(?:schema|repository))'/g,
  )) {
    if (match[1]) continue;
    const values = match[2]
      .split(',')
      .map((each) => each.trim())
      .filter((each) => each && !each.startsWith('type ') && !allowed.has(each));
    if (values.length > 0) problems.push(`${name}/index.ts re-exports ${values.join(', ')} from ${match[3]}`);
  }
}
if (problems.length > 0) {
  console.error(`module index files expose tables or repositories:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('✔ no module index exposes its tables or repository');
