import {
  CREDIT_LINE_LIMIT_CENTIMOS,
  riskFromScore,
  sumarDias,
  sumarMeses,
  type Cliente,
  type MetodoAmortizacion,
} from '@cuota/shared';

/**
 * The demo scenario as pure data: a deterministic function of the business date and a seeded
 * PRNG. It says WHO does WHAT and WHEN — the clients, the products, which client asks for which
 * credit on which day, how each borrower pays (on time, late, stops paying), which applications
 * are left in each estado — and nothing about money: every balance, cuota, mora, estado and ledger
 * entry is produced by the lending engine itself (demo-data.ts drives its use cases with a
 * moving business date), so the demo credits can never disagree with the rules.
 */

export type Item = Record<string, unknown> & { pk: string; sk: string; tipo: string };
export type CreditoEstado = 'vigente' | 'al_dia' | 'vencido' | 'cancelado';
export type Canal = 'sinpe_movil' | 'transferencia' | 'deposito' | 'tarjeta_credito';

// ---------------------------------------------------------------- PRNG and time

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32: small, fast, good enough for demo data, and reproducible across runs. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)]!,
    chance: (p) => next() < p,
  };
}

export const ZONA_HORARIA = 'America/Costa_Rica';
const businessDateFmt = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_HORARIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The business date (YYYY-MM-DD) in Costa Rica for an instant. */
export function fechaNegocio(instant: Date): string {
  return businessDateFmt.format(instant);
}

/** Costa Rica has no daylight saving time: local time is always UTC−6. */
export function instanteCR(fecha: string, hh: number, mm: number, ss = 0): Date {
  const p = (n: number) => String(n).padStart(2, '0');
  return new Date(`${fecha}T${p(hh)}:${p(mm)}:${p(ss)}-06:00`);
}

// ---------------------------------------------------------------- reference data

const NOMBRES_F = [
  'María José',
  'Ana Lucía',
  'Sofía',
  'Valeria',
  'Daniela',
  'Karla',
  'Fabiola',
  'Marcela',
  'Andrea',
  'Laura',
  'Mónica',
  'Gabriela',
  'Silvia',
  'Yorleny',
  'Hazel',
  'Dayana',
  'Melissa',
  'Natalia',
  'Rebeca',
  'Priscilla',
  'Ivannia',
  'Xinia',
  'Ericka',
  'Kattia',
] as const;
const NOMBRES_M = [
  'José Pablo',
  'Juan Carlos',
  'Luis Diego',
  'Carlos',
  'Andrés',
  'Esteban',
  'Mauricio',
  'Alejandro',
  'Jorge',
  'Randall',
  'Minor',
  'Greivin',
  'Johnny',
  'Óscar',
  'Rodrigo',
  'Manuel',
  'Gerardo',
  'Daniel',
  'Sergio',
  'Adrián',
  'Marvin',
  'Álvaro',
  'Jeffry',
  'Roberto',
] as const;
export const APELLIDOS = [
  'Rodríguez',
  'Jiménez',
  'Mora',
  'Vargas',
  'Rojas',
  'Sánchez',
  'Solano',
  'Araya',
  'Chaves',
  'Quesada',
  'Alfaro',
  'Castro',
  'Ramírez',
  'Calderón',
  'Fernández',
  'Villalobos',
  'Arias',
  'Herrera',
  'Brenes',
  'Zúñiga',
  'Cordero',
  'Madrigal',
  'Umaña',
  'Salazar',
  'Campos',
  'Navarro',
  'Vega',
  'Segura',
  'Montero',
  'Arce',
  'Ulate',
  'Porras',
  'Picado',
  'Barrantes',
  'Esquivel',
  'Murillo',
  'Valverde',
  'Céspedes',
  'Obando',
  'Carvajal',
] as const;

/** Residents with a DIMEX (identidad_tipo 'dni') or a passport: common in the microcredit segment. */
const EXTRANJEROS = [
  { nombre: 'Yader', apellido: 'López Espinoza', tipo: 'dni', pais: '558' },
  { nombre: 'Mariela', apellido: 'Castillo Urbina', tipo: 'dni', pais: '558' },
  { nombre: 'Luis Manuel', apellido: 'Pérez Rondón', tipo: 'dni', pais: '862' },
  { nombre: 'Camila', apellido: 'Restrepo Gómez', tipo: 'pasaporte', pais: 'AV' },
  { nombre: 'Francisco', apellido: 'Guevara Martínez', tipo: 'pasaporte', pais: 'C0' },
] as const;

/** Cities with the first digit of their province's cédulas (1 San José … 7 Limón). */
const LUGARES = [
  {
    ciudad: 'San José',
    provincia: 'San José',
    codigo: 1,
    barrios: ['Barrio Escalante', 'Los Yoses', 'Hatillo 2', 'San Francisco de Dos Ríos', 'Barrio Luján'],
  },
  { ciudad: 'Desamparados', provincia: 'San José', codigo: 1, barrios: ['San Rafael Arriba', 'Gravilias', 'San Miguel'] },
  { ciudad: 'Curridabat', provincia: 'San José', codigo: 1, barrios: ['Granadilla', 'Tirrases'] },
  {
    ciudad: 'Pérez Zeledón',
    provincia: 'San José',
    codigo: 1,
    barrios: ['San Isidro de El General', 'Daniel Flores', 'Barrio Los Ángeles'],
  },
  { ciudad: 'Heredia', provincia: 'Heredia', codigo: 4, barrios: ['Mercedes Norte', 'San Francisco', 'Barrio Fátima'] },
  { ciudad: 'Santo Domingo', provincia: 'Heredia', codigo: 4, barrios: ['Santa Rosa', 'Paracito'] },
  { ciudad: 'Alajuela', provincia: 'Alajuela', codigo: 2, barrios: ['El Coyol', 'Villa Bonita', 'Desamparados de Alajuela'] },
  { ciudad: 'San Ramón', provincia: 'Alajuela', codigo: 2, barrios: ['San Juan', 'Barrio El Tremedal'] },
  { ciudad: 'Grecia', provincia: 'Alajuela', codigo: 2, barrios: ['San Roque', 'Barrio Jiménez'] },
  { ciudad: 'Cartago', provincia: 'Cartago', codigo: 3, barrios: ['Los Ángeles', 'Barrio El Molino', 'Taras'] },
  { ciudad: 'Turrialba', provincia: 'Cartago', codigo: 3, barrios: ['Barrio El Carmen', 'La Suiza'] },
  { ciudad: 'Liberia', provincia: 'Guanacaste', codigo: 5, barrios: ['Barrio Moracia', 'Los Cerros', 'Barrio La Cruz'] },
  { ciudad: 'Nicoya', provincia: 'Guanacaste', codigo: 5, barrios: ['Barrio San Martín', 'Santa Ana'] },
  { ciudad: 'Puntarenas', provincia: 'Puntarenas', codigo: 6, barrios: ['El Roble', 'Barranca', 'Chacarita'] },
  { ciudad: 'Limón', provincia: 'Limón', codigo: 7, barrios: ['Cieneguita', 'Barrio Roosevelt', 'Pueblo Nuevo'] },
  { ciudad: 'Guápiles', provincia: 'Limón', codigo: 7, barrios: ['Barrio Toro Amarillo', 'La Emilia'] },
] as const;

const SENAS = [
  'de la iglesia católica 100 m sur y 50 m este',
  'del parque central 300 m norte, casa esquinera',
  'de la escuela 200 m oeste, portón negro',
  'frente al Palí, apartamentos Las Palmas #3',
  'del Más x Menos 150 m este, casa color verde',
  'de la plaza de deportes 75 m sur, casa de dos plantas',
  'costado norte del EBAIS, segunda casa a mano derecha',
  'del Banco Nacional 400 m este, condominio Los Robles #12',
  'de la pulpería La Esquina 25 m oeste, verjas blancas',
] as const;

const CORREOS = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'yahoo.com', 'outlook.com', 'racsa.co.cr'] as const;

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Costa Rican IBAN (CR + 2 check digits + 0 + 3-digit bank code + 14 digits), ISO 13616 mod 97. */
export function ibanCR(banco: string, cuenta: string): string {
  const bban = `0${banco}${cuenta}`;
  const numeric = `${bban}${'C'.charCodeAt(0) - 55}${'R'.charCodeAt(0) - 55}00`;
  const check = 98n - (BigInt(numeric) % 97n);
  return `CR${String(check).padStart(2, '0')}${bban}`;
}

/** The lender's two collection accounts the payments are made to. */
export const CUENTAS_DEMO = [
  { id: 'cuenta-bcr-crc', banco: 'Banco de Costa Rica', numero_cuenta: ibanCR('152', '02001026284066') },
  { id: 'cuenta-bn-crc', banco: 'Banco Nacional de Costa Rica', numero_cuenta: ibanCR('151', '10010012345678') },
] as const;

/** A product's terms as an administrator enters them (the engine gives it its id and dates). */
export interface ProductoBase {
  codigo: string;
  nombre: string;
  descripcion: string;
  monto_minimo_centimos: number;
  monto_maximo_centimos: number;
  plazo_minimo_meses: number;
  plazo_maximo_meses: number;
  tasa_interes_anual: string;
  activo: boolean;
  metodo_amortizacion: MetodoAmortizacion;
  /** ≤ 1.3 × tasa corriente (Código de Comercio art. 498). */
  tasa_moratoria_anual: string;
  dias_tolerancia: number;
  /** Which usury cap applies (Ley 7472 art. 36 bis); absent = general credit. */
  es_microcredito?: boolean;
}

export const PRODUCTOS_BASE: Array<ProductoBase & { diasAtras: number }> = [
  {
    codigo: 'MICR-01',
    nombre: 'Microcrédito Emprendedor',
    descripcion: 'Capital de trabajo para pequeños negocios y emprendimientos familiares.',
    monto_minimo_centimos: 100_000_00,
    monto_maximo_centimos: 1_500_000_00,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 24,
    tasa_interes_anual: '28.00',
    activo: true,
    metodo_amortizacion: 'cuota_nivelada',
    tasa_moratoria_anual: '36.40',
    dias_tolerancia: 3,
    es_microcredito: true,
    diasAtras: 610,
  },
  {
    codigo: 'PERS-01',
    nombre: 'Crédito Personal',
    descripcion: 'Crédito de libre inversión para asalariados, con cuota fija mensual.',
    monto_minimo_centimos: 250_000_00,
    monto_maximo_centimos: 3_000_000_00,
    plazo_minimo_meses: 6,
    plazo_maximo_meses: 48,
    tasa_interes_anual: '22.50',
    activo: true,
    metodo_amortizacion: 'cuota_nivelada',
    tasa_moratoria_anual: '29.25',
    dias_tolerancia: 5,
    diasAtras: 605,
  },
  {
    codigo: 'PYME-01',
    nombre: 'Crédito PYME',
    descripcion: 'Financiamiento para equipo e inventario de pequeñas y medianas empresas; abono a capital constante.',
    monto_minimo_centimos: 1_000_000_00,
    monto_maximo_centimos: 3_000_000_00,
    plazo_minimo_meses: 12,
    plazo_maximo_meses: 60,
    tasa_interes_anual: '19.75',
    activo: true,
    metodo_amortizacion: 'capital_constante',
    tasa_moratoria_anual: '25.67',
    dias_tolerancia: 5,
    diasAtras: 600,
  },
  {
    codigo: 'EDU-01',
    nombre: 'Crédito Educativo',
    descripcion: 'Matrícula, cursos técnicos y estudios universitarios, con tasa preferencial.',
    monto_minimo_centimos: 200_000_00,
    monto_maximo_centimos: 2_500_000_00,
    plazo_minimo_meses: 6,
    plazo_maximo_meses: 36,
    tasa_interes_anual: '15.00',
    activo: true,
    metodo_amortizacion: 'cuota_nivelada',
    tasa_moratoria_anual: '19.50',
    dias_tolerancia: 10,
    diasAtras: 560,
  },
  {
    codigo: 'AGRO-01',
    nombre: 'Crédito Agropecuario',
    descripcion: 'Siembra y cosecha para pequeños productores. Suspendido mientras se revisan las condiciones.',
    monto_minimo_centimos: 300_000_00,
    monto_maximo_centimos: 3_000_000_00,
    plazo_minimo_meses: 6,
    plazo_maximo_meses: 36,
    tasa_interes_anual: '18.00',
    activo: false,
    metodo_amortizacion: 'capital_constante',
    tasa_moratoria_anual: '23.40',
    dias_tolerancia: 15,
    diasAtras: 300,
  },
];

// ---------------------------------------------------------------- clients

export interface ClienteSemilla {
  datos: Omit<Cliente, 'id' | 'created_at'>;
  creadoEn: Date;
}

export const CLIENTES_DEMO = 60;

/** ~60 clients with Costa Rican names, documents, phones and addresses, created over ~18 months. */
export function buildDemoClientes(now: Date, rng: Rng): ClienteSemilla[] {
  const hoy = fechaNegocio(now);
  const usados = { email: new Set<string>(), doc: new Set<string>(), tel: new Set<string>() };
  const unico = (set: Set<string>, make: () => string) => {
    for (;;) {
      const v = make();
      if (!set.has(v)) {
        set.add(v);
        return v;
      }
    }
  };
  const out: ClienteSemilla[] = [];
  for (let k = 0; k < CLIENTES_DEMO; k++) {
    const lugar = rng.pick(LUGARES);
    const extranjero = k % 12 === 5 ? EXTRANJEROS[(k - 5) / 12]! : null;
    const mujer = rng.chance(0.55);
    const nombre = extranjero?.nombre ?? rng.pick(mujer ? NOMBRES_F : NOMBRES_M);
    const apellido = extranjero?.apellido ?? `${rng.pick(APELLIDOS)} ${rng.pick(APELLIDOS)}`;
    const edad = rng.int(21, 67);
    let identidad: string;
    if (!extranjero) {
      identidad = unico(usados.doc, () => `${lugar.codigo}0${rng.int(100, 999)}${String(rng.int(1, 9999)).padStart(4, '0')}`);
    } else if (extranjero.tipo === 'dni') {
      identidad = unico(usados.doc, () => `1${extranjero.pais}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`);
    } else {
      identidad = unico(usados.doc, () => `${extranjero.pais}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`);
    }
    const [n1] = nombre.split(' ');
    const [a1] = apellido.split(' ');
    const email = unico(usados.email, () => {
      const base = rng.chance(0.5) ? `${ascii(n1!)}.${ascii(a1!)}` : `${ascii(n1!)}${ascii(a1!)}${rng.int(1, 99)}`;
      return `${base}@${rng.pick(CORREOS)}`;
    });
    const telefono = unico(
      usados.tel,
      () => `+506${rng.pick(['6', '7', '8', '8', '8'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
    );
    // the newest four fall in the last week (monitoring's "new clients" window); the rest lean
    // older so that long-standing clients exist for the oldest (already repaid) credits
    const diasAtras = k < 4 ? rng.int(0, 6) : 8 + Math.floor(532 * Math.sqrt(rng.next()));
    const fecha = sumarDias(hoy, -diasAtras);
    let creadoEn = instanteCR(fecha, rng.int(8, 16), rng.int(0, 59), rng.int(0, 59));
    if (creadoEn.getTime() > now.getTime()) creadoEn = new Date(now.getTime() - rng.int(5, 120) * 60_000);
    const conScore = k >= 4 ? rng.chance(0.9) : rng.chance(0.3);
    const score = conScore ? rng.int(430, 830) : null;
    out.push({
      creadoEn,
      datos: {
        user_id: null,
        nombre,
        apellido,
        email,
        telefono,
        identidad_tipo: extranjero?.tipo ?? 'cedula',
        identidad_numero: identidad,
        fecha_nacimiento: sumarDias(sumarMeses(hoy, -12 * edad), -rng.int(0, 360)),
        direccion: `${rng.pick(lugar.barrios)}, ${rng.pick(SENAS)}, ${lugar.ciudad}, ${lugar.provincia}`,
        ciudad: lugar.ciudad,
        pais: 'Costa Rica',
        riesgo: score === null ? null : riskFromScore(score),
        kyc_completado: score !== null && (k >= 4 ? rng.chance(0.85) : false),
        score_crediticio: score,
      },
    });
  }
  return out;
}

/** The portal demo customer's client record (linked to their Cognito user). */
export function demoClienteSemilla(
  now: Date,
  user: { userId: string; email: string; nombre: string; apellido: string },
): ClienteSemilla {
  const hoy = fechaNegocio(now);
  return {
    creadoEn: instanteCR(sumarDias(hoy, -470), 10, 12, 31),
    datos: {
      user_id: user.userId,
      nombre: user.nombre,
      apellido: user.apellido,
      email: user.email.toLowerCase(),
      telefono: '+50688124567',
      identidad_tipo: 'cedula',
      identidad_numero: '401980734',
      fecha_nacimiento: '1989-06-14',
      direccion: 'Mercedes Norte, de la iglesia católica 100 m sur y 50 m este, casa 12, Heredia, Heredia',
      ciudad: 'Heredia',
      pais: 'Costa Rica',
      riesgo: 'medio',
      kyc_completado: true,
      score_crediticio: 688,
    },
  };
}

// ---------------------------------------------------------------- the scenario

/** Who a plan is for: the index of a generated client, or the portal demo customer. */
export type QuienPlan = number | 'demo';

/** A credit the scenario asks for, approved (disbursed) on `desembolso`. */
export interface PlanCredito {
  /** The estado the borrower's behaviour leads to (the engine decides it; the tests check it). */
  objetivo: CreditoEstado;
  cliente: QuienPlan;
  producto: string;
  principal: number;
  plazo: number;
  /** Business date the solicitud was made, and the date it was approved and disbursed. */
  solicitud: string;
  desembolso: string;
  /** vencido: the cuotas paid before the borrower stopped paying. */
  pagadas?: number;
  /** The borrower's own PRNG seed: how and when they pay is drawn from it. */
  semilla: number;
}

export type EstadoSolicitudPlan = 'borrador' | 'enviado' | 'en_analisis' | 'aprobado' | 'rechazado' | 'cancelado';

/** An application without a credit (not approved, or approved and not yet disbursed), created at `creada`. */
export interface PlanSolicitud {
  estado: EstadoSolicitudPlan;
  cliente: QuienPlan;
  producto: string;
  monto: number;
  plazo: number;
  creada: Date;
  motivo?: string;
}

export interface PlanCartera {
  productos: Array<ProductoBase & { creado: Date }>;
  creditos: PlanCredito[];
  solicitudes: PlanSolicitud[];
  /** The day the AGRO-01 product was switched off. */
  productoDesactivado: { codigo: string; en: Date };
}

export const MOTIVO_RECHAZO = 'Rechazado por el analista';
export const MOTIVO_LINEA = 'el monto supera su línea de crédito disponible';

/**
 * The scenario: 25 credits (the demo customer's cancelado, vencido and al_dia; 4 vigente, 8 al_dia,
 * 6 vencido in every aging bucket and 4 cancelado), disbursed over the last ~16 months to clients
 * with KYC created well before, within each client's credit line; and applications in every other
 * estado.
 */
export function planCartera(now: Date, rng: Rng, clientes: readonly ClienteSemilla[]): PlanCartera {
  const hoy = fechaNegocio(now);
  const productos = PRODUCTOS_BASE.map(({ diasAtras, ...p }) => ({
    ...p,
    creado: instanteCR(sumarDias(hoy, -diasAtras), rng.int(8, 16), rng.int(0, 59), rng.int(0, 59)),
  }));
  const activos = productos.filter((p) => p.activo);

  const lineaUsada = new Map<QuienPlan, number>();
  const creditosDe = new Map<QuienPlan, number>();
  const elegible = (k: number, antesDe: string, monto: number) =>
    clientes[k]!.datos.kyc_completado &&
    fechaNegocio(clientes[k]!.creadoEn) < sumarDias(antesDe, -3) &&
    (creditosDe.get(k) ?? 0) < 2 &&
    (lineaUsada.get(k) ?? 0) + monto <= CREDIT_LINE_LIMIT_CENTIMOS;
  const montoEn = (p: ProductoBase, tope: number) => {
    const paso = 25_000_00;
    const max = Math.min(p.monto_maximo_centimos, tope);
    const pasos = Math.floor((max - p.monto_minimo_centimos) / paso);
    // skewed towards the lower end, as microfinance portfolios are
    return p.monto_minimo_centimos + paso * Math.floor(pasos * rng.next() ** 1.8);
  };
  const reservar = (quien: QuienPlan, monto: number) => {
    lineaUsada.set(quien, (lineaUsada.get(quien) ?? 0) + monto);
    creditosDe.set(quien, (creditosDe.get(quien) ?? 0) + 1);
  };
  const enRango = (p: ProductoBase, deseado: number) => Math.min(p.plazo_maximo_meses, Math.max(p.plazo_minimo_meses, deseado));
  const creditos: PlanCredito[] = [];
  const plan = (c: Omit<PlanCredito, 'semilla' | 'solicitud'>) => {
    reservar(c.cliente, c.principal);
    creditos.push({ ...c, solicitud: sumarDias(c.desembolso, -rng.int(1, 3)), semilla: rng.int(1, 2 ** 31) });
  };

  // the demo customer: a repaid EDU-01, a MICR-01 in arrears, a PERS-01 up to date
  plan({
    objetivo: 'cancelado',
    cliente: 'demo',
    producto: 'EDU-01',
    principal: 300_000_00,
    plazo: 6,
    desembolso: sumarDias(sumarMeses(hoy, -13), -9),
  });
  const diasDemo = rng.int(21, 27);
  plan({
    objetivo: 'vencido',
    cliente: 'demo',
    producto: 'MICR-01',
    principal: 750_000_00,
    plazo: 12,
    desembolso: sumarMeses(sumarDias(hoy, -diasDemo), -6),
    pagadas: 5,
  });
  plan({
    objetivo: 'al_dia',
    cliente: 'demo',
    producto: 'PERS-01',
    principal: 1_200_000_00,
    plazo: 24,
    desembolso: sumarDias(sumarMeses(hoy, -4), -rng.int(3, 12)),
  });

  const nuevo = (
    objetivo: CreditoEstado,
    desembolso: string,
    plazoPara: (p: ProductoBase) => number,
    extra: { pagadas?: number } = {},
  ) => {
    for (let intento = 0; ; intento++) {
      const p = rng.pick(activos);
      const plazo = plazoPara(p);
      if (plazo < p.plazo_minimo_meses || plazo > p.plazo_maximo_meses) {
        if (intento > 50) throw new Error('sin producto para el plazo');
        continue;
      }
      const candidatos = clientes.map((_, k) => k).filter((k) => elegible(k, desembolso, p.monto_minimo_centimos));
      if (candidatos.length === 0) throw new Error(`no hay clientes para un crédito desembolsado el ${desembolso}`);
      const k = rng.pick(candidatos);
      const principal = montoEn(p, CREDIT_LINE_LIMIT_CENTIMOS - (lineaUsada.get(k) ?? 0));
      plan({ objetivo, cliente: k, producto: p.codigo, principal, plazo, desembolso, ...extra });
      return;
    }
  };
  for (let k = 0; k < 4; k++) {
    nuevo('vigente', sumarDias(hoy, -rng.int(1, 25)), (p) => enRango(p, rng.pick([6, 12, 12, 18, 24, 36])));
  }
  for (let k = 0; k < 8; k++) {
    const desembolso = sumarDias(hoy, -rng.int(35, 400));
    const vencidas = cuotasAntesDe(desembolso, hoy);
    nuevo('al_dia', desembolso, (p) => enRango(p, vencidas + rng.int(2, 24)));
  }
  // aging buckets 1–30, 31–60, 61–90 and > 90 days
  for (const diasVencido of [12, 19, 38, 52, 67, 104]) {
    const pagadas = rng.int(1, 6);
    const desembolso = sumarMeses(sumarDias(hoy, -diasVencido), -(pagadas + 1));
    nuevo('vencido', desembolso, (p) => enRango(p, pagadas + 2 + Math.ceil(diasVencido / 30) + rng.int(0, 12)), { pagadas });
  }
  for (let k = 0; k < 4; k++) {
    const plazo = rng.pick([6, 9, 12, 12]);
    const desembolso = sumarDias(sumarMeses(hoy, -(plazo + rng.int(1, 3))), -rng.int(0, 10));
    nuevo('cancelado', desembolso, () => plazo);
  }
  creditos.sort((a, b) => a.desembolso.localeCompare(b.desembolso));

  // ---- applications in every other estado
  const momento = (dias: number) => {
    const t = instanteCR(sumarDias(hoy, -dias), rng.int(8, 16), rng.int(0, 59), rng.int(0, 59));
    return t.getTime() < now.getTime() ? t : new Date(now.getTime() - rng.int(2, 40) * 60_000);
  };
  const solicitudes: PlanSolicitud[] = [];
  const otra = (estado: EstadoSolicitudPlan, creada: Date, extra: Partial<PlanSolicitud> = {}) => {
    const p = rng.pick(activos);
    const candidatos = clientes.map((_, k) => k).filter((k) => clientes[k]!.creadoEn.getTime() < creada.getTime());
    solicitudes.push({
      estado,
      cliente: rng.pick(candidatos),
      producto: p.codigo,
      monto: montoEn(p, p.monto_maximo_centimos),
      plazo: enRango(p, rng.pick([6, 12, 18, 24, 36])),
      creada,
      ...extra,
    });
  };
  for (const dias of [0, 1, 2]) otra('borrador', momento(dias));
  for (const horas of [3, 20, 30, 52, 100, 150]) {
    otra('enviado', new Date(now.getTime() - horas * 3_600_000 - rng.int(0, 50) * 60_000));
  }
  for (const dias of [2, 3, 5, 8]) otra('en_analisis', momento(dias));
  for (const dias of [11, 26, 63, 140]) otra('rechazado', momento(dias), { motivo: MOTIVO_RECHAZO });
  for (const dias of [17, 88, 210]) otra('cancelado', momento(dias));
  // the demo customer's own: one being analysed, one refused
  solicitudes.push({
    estado: 'en_analisis',
    cliente: 'demo',
    producto: 'MICR-01',
    monto: 500_000_00,
    plazo: 12,
    creada: momento(2),
  });
  solicitudes.push({
    estado: 'rechazado',
    cliente: 'demo',
    producto: 'PYME-01',
    monto: 2_500_000_00,
    plazo: 36,
    creada: momento(41),
    motivo: MOTIVO_LINEA,
  });
  // approved and waiting for their disbursement (modest amounts, so every client's line fits them)
  for (const dias of [1, 4]) otra('aprobado', momento(dias), { monto: 300_000_00 });
  solicitudes.sort((a, b) => a.creada.getTime() - b.creada.getTime());

  return { productos, creditos, solicitudes, productoDesactivado: { codigo: 'AGRO-01', en: momento(rng.int(20, 40)) } };
}

/** How many monthly due dates of a loan disbursed on `desembolso` fall before `hoy`. */
function cuotasAntesDe(desembolso: string, hoy: string): number {
  let k = 0;
  while (sumarMeses(desembolso, k + 1) < hoy) k++;
  return k;
}

/**
 * A channel a borrower reports a payment through. Not by card: card payments are off in the demo's
 * settings (allow_credit_card_payments), so the engine would not take one.
 */
export function canalAleatorio(rng: Rng): Canal {
  return rng.pick<Canal>(['sinpe_movil', 'sinpe_movil', 'sinpe_movil', 'transferencia', 'transferencia', 'deposito']);
}

/** What the bank or processor reports as the payment's reference, per channel. */
export function referenciaExterna(canal: Canal, fecha: string, rng: Rng): string {
  const digitos = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
  switch (canal) {
    case 'sinpe_movil':
      return `${fecha.replaceAll('-', '')}${digitos(13)}`;
    case 'transferencia':
      return `FT${fecha.slice(2, 4)}${digitos(9)}`;
    case 'deposito':
      return `DEP-${digitos(8)}`;
    case 'tarjeta_credito': {
      const alfabeto = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789';
      return `pi_${Array.from({ length: 24 }, () => rng.pick(alfabeto.split(''))).join('')}`;
    }
  }
}
