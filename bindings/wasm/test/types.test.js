// The TypeScript declarations type-check an example of the documented API under --strict (with
// Debian's tsc; .ci/run installs node-typescript). Skipped outside CI when tsc is absent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const TSC = process.env.TSC ?? '/usr/bin/tsc';

test('index.d.ts and nat20.d.ts type-check the documented usage', {
    skip: existsSync(TSC) || process.env.CI ? false : `no ${TSC}`,
}, () => {
    let out = '';
    try {
        out = execFileSync(TSC, ['--noEmit', '--strict', '--target', 'es2020', '--module', 'es2020',
            '--moduleResolution', 'node', '--lib', 'es2020,dom', '--typeRoots', `${here}no-type-roots`, `${here}types-check.ts`], { encoding: 'utf8' });
    } catch (e) {
        assert.fail(`tsc reported:\n${e.stdout}${e.stderr}`);
    }
    assert.equal(out.trim(), '');
});
