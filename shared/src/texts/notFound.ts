/** TEXTS.notFound: see ../texts.ts. */
export const notFoundTexts = {
  title: 'Página no encontrada',
  text: 'La página que buscas no existe o fue movida',
  back: 'Volver al Inicio',
} as const;
