// A PostgreSQL or a Redis of one test's own (scripts/test-postgres.sh, scripts/test-redis.sh),
// for the scenarios that take it away under running nodes: the tests' shared ones must stay up
// for the tests beside them.
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const SCRIPTS = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'scripts');
const run = promisify(execFile);
const stopAtExit = [];
process.on('exit', () => { for (const stop of stopAtExit) try { stop(); } catch {} });

export function privatePostgres(state) {
  const script = path.join(SCRIPTS, 'test-postgres.sh');
  execFileSync(script, ['start', state], { stdio: 'ignore' });
  stopAtExit.push(() => execFileSync(script, ['stop', state], { stdio: 'ignore' }));
  const conninfoFile = path.join(state, 'conninfo');
  const data = readFileSync(path.join(state, 'datadir'), 'utf8').trim();
  // The server and every backend of it: SIGSTOP freezes them all, connections stay open, and
  // every statement in flight waits (a database that hangs rather than refuses).
  const processes = () => {
    const main = readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0].trim();
    const children = execFileSync('pgrep', ['-P', main]).toString().split(/\s+/).filter(Boolean);
    return [main, ...children].map(Number);
  };
  return {
    conninfoFile,
    freeze() { for (const pid of processes()) process.kill(pid, 'SIGSTOP'); },
    thaw() { for (const pid of processes()) process.kill(pid, 'SIGCONT'); },
    // Stopped (every connection refused) for `ms`, then started on the same port.
    restartAfter: (ms) => run(script, ['restart', state, String(ms / 1000)]),
  };
}

export function privateRedis(state) {
  const script = path.join(SCRIPTS, 'test-redis.sh');
  execFileSync(script, ['start', state], { stdio: 'ignore' });
  stopAtExit.push(() => execFileSync(script, ['stop', state], { stdio: 'ignore' }));
  const addressFile = path.join(state, 'address');
  const port = readFileSync(addressFile, 'utf8').trim().split(':').pop();
  return {
    addressFile,
    stop: () => run(script, ['stop', state]),
    start: () => run(script, ['start', state, port]),
  };
}
