/** The shell's run-time context for a remote page under test (shared by the admin and portal remotes). */
export {
  clienteDePrueba,
  creditoDePrueba,
  json,
  page,
  pagoDePrueba,
  renderRemotePage,
  SIN_DEUDA,
  solicitudDePrueba,
} from '@cuota/shared/testing';
