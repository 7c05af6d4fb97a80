// Runs shell commands at the same time and prints each one's output whole when it ends, so two
// test runners that each leave a core idle share the machine; exits non-zero when any failed.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const run = (command) =>
  new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - began) / 1000);
      process.stdout.write(Buffer.concat(output));
      const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      console.log(`\n${command}: ${outcome} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(commands.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
