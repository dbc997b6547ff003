// Runs the end-to-end files (test/e2e/*.test.js) one at a time, each in its own
// `node --test`, and runs a file that failed once more at the end. A file that fails twice
// fails the run. A file that passes only on its second run passes the run but is named at
// the end, with the tests that failed, under "flaky": these tests play real games in a real
// browser beside a compiler on a shared machine, and a rare wait that ran out must not throw
// away a whole CI run — yet it is a defect to find and fix, never to forget (docs/ci.md).
//
//   node test/run-e2e.js [file-or-name-pattern ...]
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, 'e2e');
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.js'))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();

// Runs one file, its output passed through; resolves to the names of its failed tests.
function run(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', join(dir, file)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const failed = [];
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const l of lines) {
        const m = /^not ok \d+ - (.*)$/.exec(l);
        if (m) failed.push(m[1]);
      }
    });
    child.on('close', (code) => resolve(code === 0 ? [] : failed.length ? failed : [`(exit code ${code})`]));
  });
}

const firstFailures = new Map();
for (const f of files) {
  const failed = await run(f);
  if (failed.length) firstFailures.set(f, failed);
}
const flaky = [];
const broken = [];
for (const [f, failed] of firstFailures) {
  console.log(`\n# ${f} failed (${failed.join('; ')}): running it once more`);
  const again = await run(f);
  if (again.length) broken.push([f, again]);
  else flaky.push([f, failed]);
}

console.log(`\n# end-to-end: ${files.length} files, ${files.length - firstFailures.size} passed at once, ${flaky.length} on their second run, ${broken.length} failed twice`);
for (const [f, failed] of flaky) console.log(`# flaky (failed once, passed on its second run): ${f}: ${failed.join('; ')}`);
for (const [f, failed] of broken) console.log(`# failed twice: ${f}: ${failed.join('; ')}`);
process.exitCode = broken.length ? 1 : 0;
