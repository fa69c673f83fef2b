/** The shell's run-time context for a remote page under test (shared by the admin and portal remotes). */
export { json, page, renderRemotePage } from '@cuota/shared/testing';
