/** TEXTS.cuentasBancarias: see ../texts.ts. */
export const cuentasBancariasTexts = {
  notFound: 'Cuenta bancaria no encontrada',
} as const;
