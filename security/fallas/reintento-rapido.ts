/**
 * functions/src/commons/reintento for the fault suites (`vi.mock(…, () => import('./reintento-rapido'))`):
 * the back-off's length is not under test (its bounds are counted in calls), and 1 ms keeps the suites fast.
 */
export const espera = () => 1;
export const pausa = () => new Promise<void>((r) => setTimeout(r, 1));
