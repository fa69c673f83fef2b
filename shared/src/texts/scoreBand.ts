/** TEXTS.scoreBand: see ../texts.ts. */
export const scoreBandTexts = { excelente: 'Excelente', bueno: 'Bueno', regular: 'Regular', none: 'Sin Score' } as const;
