import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * infra/local/settings reads CUOTA_LOCAL_DIR once, when a suite first imports it (often through
 * bootstrap, at the top of a test file): point it at a throw-away folder before anything loads,
 * so no suite writes cognito-local's data into the developer's .local (a running `npm start`
 * would have had its Cognito config and users overwritten).
 */
process.env.CUOTA_LOCAL_DIR = join(tmpdir(), `cuota-seguridad-${process.pid}-${Date.now().toString(36)}`);
