/** A name with accents and two words on each side, as clients and credits are searched by it. */
export const NOMBRE_CON_ACENTOS = { nombre: 'María José', apellido: 'Rodríguez Solís' };

/** The terms both the client's and the credit's search index must hold for NOMBRE_CON_ACENTOS. */
export const TERMINOS_DEL_NOMBRE = ['maria', 'jose', 'rodriguez', 'solis', 'maria jose rodriguez solis', 'rodriguez solis'];
