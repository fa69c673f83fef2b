/** The top-level single texts of TEXTS (brand, headings, the app-wide error fallback): see ../texts.ts. */
export const generalTexts = {
  brand: 'Cuota',
  loginHeading: 'Plataforma de Microfinanzas',
  adminPanelHeading: 'Panel Administrativo',
  fallbackError: 'Unexpected Application Error!',
  fallbackErrorText: 'Algo salió mal al mostrar esta página. Intenta recargarla.',
  reload: 'Recargar',
} as const;
