import { sumarDias } from '@cuota/shared';
import { PROMESA_DIAS_MAXIMOS } from '@cuota/shared/schemas/gestiones';

/** The dates a promise made on business date `hoy` may name: from `hoy` to PROMESA_DIAS_MAXIMOS days later. */
export function rangoPromesa(hoy: string): { desde: string; hasta: string } {
  return { desde: hoy, hasta: sumarDias(hoy, PROMESA_DIAS_MAXIMOS) };
}

/**
 * A promise is about something owed: the credit must have an unpaid cuota due on or before the
 * promised date (overdue already, due today, or falling due by then: a collector also calls the
 * days before a due date).
 */
export function admitePromesa(cuotas: ReadonlyArray<{ pagada: boolean; fecha_vencimiento: string }>, fecha: string): boolean {
  return cuotas.some((c) => !c.pagada && c.fecha_vencimiento <= fecha);
}

/** DD/MM/AAAA for messages. */
export const ddmmaaaa = (fecha: string) => fecha.split('-').reverse().join('/');
