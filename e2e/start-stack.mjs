// Starts the local stack for the e2e run from an empty data folder (fresh demo data every run).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync(process.env.CUOTA_LOCAL_DIR ?? '.local/e2e', { recursive: true, force: true });
const child = spawn('npx', ['tsx', 'infra/local/start.ts'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
