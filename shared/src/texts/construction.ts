/** TEXTS.construction: see ../texts.ts. */
export const constructionTexts = {
  title: 'En construcción',
  text: 'Esta sección todavía no está disponible. Se habilitará en una próxima versión.',
} as const;
