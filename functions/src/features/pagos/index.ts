/** What other features use of payments: the Idempotency-Key guard for money writes and the credit line's update. */
export { unaVez, type Preparado } from './idempotencia';
export { lineaTrasPago } from './store';
