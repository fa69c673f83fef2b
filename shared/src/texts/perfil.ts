/** TEXTS.perfil: see ../texts.ts. */
export const perfilTexts = {
  notFound: 'Perfil no encontrado',
  actividad: (nombre: string) => `Perfil actualizado: ${nombre}`,
} as const;
