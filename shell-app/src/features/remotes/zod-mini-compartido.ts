/** What the shell provides to the remotes as `zod/mini` (see zod-compartido.ts). */
export { safeParse } from 'zod/mini';
