// The boundary check on trees of its own (`node --test scripts/`): what it must refuse, and what it lets be.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { violations } from './check-boundaries.mjs';

/** A repository of the given files (path → text) in a fresh folder. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const SRC = 'apps/server/src';

test('a cycle between server files is refused with its files, a type-only import counting', () => {
  const root = tree({
    [`${SRC}/deps.ts`]: "import type { AllJobs } from './jobs/index.js';\nexport type Deps = { jobs: AllJobs };\n",
    [`${SRC}/jobs/index.ts`]: "import type { Context } from '../context.js';\nexport type AllJobs = Context;\n",
    [`${SRC}/context.ts`]: "import type { Deps } from './deps.js';\nexport type Context = { deps: Deps };\n",
    [`${SRC}/main.ts`]: "import { type Deps } from './deps.js';\n",
  });
  assert.deepEqual(violations(root), [`import cycle between 3 server files: ${SRC}/context.ts, ${SRC}/deps.ts, ${SRC}/jobs/index.ts`]);
});

test('a cycle between server modules is refused, though its files make none', () => {
  const root = tree({
    [`${SRC}/modules/events/record.ts`]: "import { fanOut } from '../webhooks/fan-out.js';\nexport const record = fanOut;\n",
    [`${SRC}/modules/webhooks/fan-out.ts`]: 'export const fanOut = 1;\n',
    [`${SRC}/modules/webhooks/webhooks.service.ts`]: "import { record } from '../events/record.js';\nexport const s = record;\n",
  });
  assert.deepEqual(violations(root), ['import cycle between server modules: events, webhooks']);
});

test('imports that go one way pass, and a test may reach a module that depends on its own', () => {
  const root = tree({
    [`${SRC}/modules/events/record.ts`]: 'export const record = 1;\n',
    [`${SRC}/modules/events/record.test.ts`]: "import { s } from '../webhooks/webhooks.service.js';\n",
    [`${SRC}/modules/webhooks/webhooks.service.ts`]: "import { record } from '../events/record.js';\nexport const s = record;\n",
    [`${SRC}/registry.ts`]: "import { s } from './modules/webhooks/webhooks.service.js';\nexport { s };\n",
  });
  assert.deepEqual(violations(root), []);
});
