#!/usr/bin/env node
// Runs every suite: unit + API tests on SQLite, API tests on PostgreSQL, then browser tests.
// Prints one closing line "N passed, N failed" so CI can read the outcome whatever the runners print.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let isFailing = false;

/** Unhandled errors and failures, with the lines around them, repeated at the end where a log's tail shows them. */
const problems = [];
const PROBLEM = /Unhandled (Error|Rejection)|⎯ Failed Tests|FAIL |Error: /;

function collectProblems(label, output) {
  // eslint-disable-next-line no-control-regex -- the runners colour their output
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const at = lines.findIndex((line) => PROBLEM.test(line));
  if (at >= 0) problems.push(`--- ${label} ---\n${lines.slice(Math.max(0, at - 5), at + 40).join('\n')}`);
}

/** Runs a suite with its output shown live and kept, so problems can be repeated at the end. */
function spawnLogged(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      output += chunk;
    });
    child.on('close', (status) => resolve({ status, output }));
  });
}

async function run(label, command, args, env, readCounts) {
  console.log(`\n=== ${label} ===`);
  const result = await spawnLogged(command, args, env);
  const counts = readCounts();
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  // A runner can exit 0 with failures in its report (seen with vitest's JSON reporter): trust the counts too.
  if (result.status !== 0 || !counts || counts.failed > 0) {
    isFailing = true;
    if (!counts || counts.failed === 0) totals.failed += 1;
    console.log(`${label}: exited with ${result.status}`);
    collectProblems(label, result.output);
  }
}

function readVitest(file) {
  return () => {
    if (!fs.existsSync(file)) return null;
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
  };
}

function readPlaywright(file) {
  return () => {
    if (!fs.existsSync(file)) return null;
    const stats = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  };
}

const sqliteReport = path.join(tmp, 'vitest-sqlite.json');
await run(
  'unit and API tests (SQLite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${sqliteReport}`],
  { TEST_DB: 'sqlite' },
  readVitest(sqliteReport),
);

const pgReport = path.join(tmp, 'vitest-postgres.json');
await run(
  'API tests (PostgreSQL)',
  'npx',
  ['vitest', 'run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
  { TEST_DB: 'postgres' },
  readVitest(pgReport),
);

if (process.env.SKIP_E2E !== '1') {
  await run('web build', 'npm', ['run', 'build'], {}, () => ({ passed: 0, failed: 0, skipped: 0 }));
  const e2eReport = path.join(tmp, 'playwright.json');
  await run(
    'browser tests',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
    readPlaywright(e2eReport),
  );
}

if (problems.length > 0) console.log(`\n=== what failed, again ===\n${problems.join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(isFailing ? 1 : 0);
