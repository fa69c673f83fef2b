/** Costa Rican given names and surnames for the clients the benches create (load and suite). */
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

export const APELLIDOS = [
  'Rodríguez',
  'Jiménez',
  'Mora',
  'Vargas',
  'Rojas',
  'Sánchez',
  'Solano',
  'Araya',
  'Chaves',
  'Quesada',
  'Alfaro',
  'Castro',
  'Ramírez',
  'Calderón',
  'Villalobos',
  'Brenes',
  'Zúñiga',
  'Umaña',
  'Madrigal',
  'Esquivel',
];

/** The load bench's clients take their surnames from the first 12 only. */
export const APELLIDOS_CARGA = APELLIDOS.slice(0, 12);
