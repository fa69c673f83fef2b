/** TEXTS.metodosPago: see ../texts.ts. */
export const metodosPagoTexts = {
  notFound: 'Método de pago no encontrado',
  activo: 'activo debe ser verdadero o falso',
  actividad: {
    activado: (nombre: string) => `Método de pago ${nombre} activado`,
    desactivado: (nombre: string) => `Método de pago ${nombre} desactivado`,
  },
} as const;
