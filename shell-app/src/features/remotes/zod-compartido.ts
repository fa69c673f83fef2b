/**
 * What the shell provides to the remotes as `zod` and `zod/mini`: only the functions they call
 * (federacion.test.ts fails when a remote starts using one missing here). Providing the whole
 * namespace would ship every zod export and locale to every phone; these named re-exports keep
 * the remotes on the shell's one copy of zod's core, tree-shaken.
 */
export { boolean, enum, number, object, pipe, string, transform, ZodType } from 'zod';
