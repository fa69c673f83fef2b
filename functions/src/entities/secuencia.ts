import { ENTITY, type TableItem } from './comun';

/** The last numero_credito sequence value handed out (one global sequence). */
export const claveSecuenciaCredito = () => ({ pk: 'SECUENCIA#CREDITO', sk: 'SECUENCIA' });

export const itemSecuenciaCredito = (valor: number): TableItem => ({ ...claveSecuenciaCredito(), tipo: ENTITY.secuencia, valor });
