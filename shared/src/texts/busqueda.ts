/** The staff's global search (Ctrl+K and the admin header box) and the search comboboxes. */
export const busquedaTexts = {
  /** The header box's accessible name and the dialog's title. */
  etiqueta: 'Buscar',
  titulo: 'Buscar en Cuota',
  descripcion: 'Clientes, créditos y solicitudes. Use las flechas para moverse y Enter para abrir.',
  placeholder: 'Cédula, crédito, solicitud, nombre, email o teléfono',
  placeholderCorto: 'Buscar…',
  /** What the header button says to keyboard users (the shortcut opens the dialog anywhere). */
  atajo: 'Ctrl K',
  abrir: 'Buscar (Ctrl+K)',
  grupos: { clientes: 'Clientes', creditos: 'Créditos', solicitudes: 'Solicitudes' },
  escriba: 'Escriba al menos 2 caracteres.',
  cargando: 'Buscando…',
  vacio: (q: string) => `No encontramos nada para «${q}».`,
  error: 'No se pudo buscar. Intente de nuevo.',
  /** Announced to screen readers when the results change. */
  resultados: (n: number) => (n === 0 ? 'Sin resultados' : n === 1 ? '1 resultado' : `${n} resultados`),
  cedula: (numero: string) => `Identificación ${numero}`,
  /** The client picker of the new-application form. */
  clientePlaceholder: 'Busque por nombre, cédula, email o teléfono',
  clienteElegido: (nombre: string) => `Cliente elegido: ${nombre}`,
  cambiarCliente: 'Cambiar cliente',
} as const;
