/** The shell's run-time context for a remote page under test (shared by the admin and portal remotes). */
export {
  clienteDePrueba,
  creditoDePrueba,
  creditoDetalleDePrueba,
  json,
  page,
  pagoDePrueba,
  renderRemotePage,
  SIN_DEUDA,
  solicitudDePrueba,
  staffDePrueba,
} from '@cuota/shared/testing';
