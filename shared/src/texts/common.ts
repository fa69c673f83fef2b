/** TEXTS.common: see ../texts.ts. */
export const commonTexts = { retry: 'Reintentar' } as const;
