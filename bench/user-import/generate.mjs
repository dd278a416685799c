// Writes a user-import CSV of N rows (default 1,000,000, about 70 MB) for the demo
// organization "Acme Manufacturing": every row a new user with an e-mail and an employee
// ID, a workspace and a team that exist there.
// Usage: node bench/user-import/generate.mjs [rows=1000000] [file=bench/user-import/users.csv] [prefix=u]

import { once } from 'node:events';
import fs from 'node:fs';

const rows = Number(process.argv[2] ?? 1_000_000);
const file = process.argv[3] ?? new URL('./users.csv', import.meta.url).pathname;
const prefix = process.argv[4] ?? 'u';
const WORKSPACES = ['Maintenance', 'Assembly Line'];
const TEAMS = ['Day shift', 'Night shift'];

const out = fs.createWriteStream(file);
out.write('email,employeeId,name,role,workspaces,teams,skills\n');
let chunk = '';
for (let i = 1; i <= rows; i++) {
  const n = String(i).padStart(7, '0');
  chunk += `${prefix}${n}@bench.example,${prefix.toUpperCase()}${n},User ${n},viewer,${WORKSPACES[i % 2]},${TEAMS[i % 2]},\n`;
  if (chunk.length > 1 << 20) {
    if (!out.write(chunk)) await once(out, 'drain');
    chunk = '';
  }
}
out.end(chunk);
await once(out, 'finish');
console.log(`${rows} rows, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB: ${file}`);
