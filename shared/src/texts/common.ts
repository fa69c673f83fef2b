/** TEXTS.common: see ../texts.ts. */
export const commonTexts = { retry: 'Reintentar', tabla: 'Tabla' } as const;
