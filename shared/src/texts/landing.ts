/** TEXTS.landing: see ../texts.ts. */
export const landingTexts = {
  adminButton: 'Acceder como Admin',
  registerButton: 'Registrarse Ahora',
  loginButton: 'Iniciar Sesión',
  footer: 'microfinance business platform',
  tagline: 'Microfinanzas para Costa Rica',
  copyright: '© 2025 Cuota. Todos los derechos reservados.',
  slides: [
    {
      title: 'Tecnología Financiera Avanzada',
      text: 'Evaluación crediticia con inteligencia artificial y procesos 100% digitales para decisiones rápidas y justas.',
    },
    {
      title: 'Te Ayudamos a Alcanzar tus Metas',
      text: 'Microcréditos accesibles para emprender, crecer y hacer realidad tus proyectos.',
    },
    {
      title: 'Solidez Corporativa',
      text: 'Una plataforma confiable, con procesos transparentes y cumplimiento regulatorio en Costa Rica.',
    },
  ],
  carousel: 'Novedades',
  goToSlide: 'Ir a la diapositiva',
  pause: 'Pausar la presentación',
  play: 'Reanudar la presentación',
  adminCardTitle: 'Panel Administrativo',
  adminCardText: 'Acceso exclusivo para personal autorizado: clientes, solicitudes, créditos y reportes.',
  registerCardTitle: 'Registro de Clientes',
  registerCardText: 'Crea tu cuenta y solicita tu crédito en minutos, sin filas ni papeleo.',
  loginCardTitle: 'Acceso de Clientes',
  loginCardText: 'Consulta tus créditos, pagos y solicitudes desde cualquier lugar.',
  featuresTitle: '¿Por qué Cuota?',
  features: [
    {
      title: 'Seguridad Bancaria',
      text: 'Encriptación de extremo a extremo, autenticación multifactor y cumplimiento KYC/AML.',
    },
    { title: 'Scoring con IA', text: 'Análisis predictivo y decisiones automatizadas para evaluar cada solicitud.' },
    { title: 'Analítica en Tiempo Real', text: 'Métricas de cartera y reportes regulatorios siempre actualizados.' },
  ],
} as const;
