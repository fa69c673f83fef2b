import { APELLIDOS } from '../infra/local/seed/demo-portfolio';

export { APELLIDOS };

/** Costa Rican given names for the clients the benches create (load and suite); their surnames are the demo portfolio's. */
export const NOMBRES = [
  'María José',
  'Ana Lucía',
  'Sofía',
  'José Pablo',
  'Juan Carlos',
  'Luis Diego',
  'Karla',
  'Esteban',
  'Yorleny',
  'Minor',
  'Greivin',
  'Hazel',
];

/** The load bench's clients take their surnames from the first 12 only. */
export const APELLIDOS_CARGA = APELLIDOS.slice(0, 12);
