import {
  CREDIT_LINE_LIMIT_CENTIMOS,
  diasEntre,
  formatCRC,
  generarCuotas,
  moraDiaria,
  riskFromScore,
  sumarDias,
  sumarMeses,
  type Cliente,
  type CuotaPlan,
  type MetodoAmortizacion,
} from '@cuota/shared';
import { itemFor } from '@cuota/functions/commons/items';
import { byDate, ENTITY, keys } from '@cuota/functions/commons/keys';
import { creditoIndexItems } from '@cuota/functions/handlers/creditos/indices';
import { normalizarCuota } from '@cuota/functions/handlers/cierre/domain';
import { recalcularCredito } from '@cuota/functions/handlers/cierre/recalculo';
import { ulid } from 'ulid';

/**
 * The demo portfolio as pure data: a deterministic function of the business date and a seeded
 * PRNG. Client ids come from createCliente (the writer creates them first), everything else is
 * built here, so the money invariants can be tested without a database.
 *
 * Conventions the rest of the code should know about:
 * - Notifications keep the entity-type attribute `tipo` = 'notificacion' (every item has one);
 *   the spec's notification type (info, success, warning…) is stored as `tipo_notificacion` and
 *   the API maps it back to `tipo`.
 * - Cuotas are paid whole: a conciliado pago covers exactly one cuota's total and its mora.
 * - Mora accrues from the due date, one day's `moraDiaria` per day overdue on that cuota's capital.
 */

export type Item = Record<string, unknown> & { pk: string; sk: string; tipo: string };
type CreditoEstado = 'vigente' | 'al_dia' | 'vencido' | 'cancelado';
type Canal = 'sinpe_movil' | 'transferencia' | 'deposito' | 'tarjeta_credito';

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
function instanteCR(fecha: string, hh: number, mm: number, ss = 0): Date {
  const p = (n: number) => String(n).padStart(2, '0');
  return new Date(`${fecha}T${p(hh)}:${p(mm)}:${p(ss)}-06:00`);
}

const ddmmaaaa = (fecha: string) => fecha.split('-').reverse().join('/');

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
const APELLIDOS = [
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

interface ProductoDemo {
  id: string;
  codigo: string;
  nombre: string;
  descripcion: string;
  monto_minimo_centimos: number;
  monto_maximo_centimos: number;
  plazo_minimo_meses: number;
  plazo_maximo_meses: number;
  tasa_interes_anual: string;
  activo: boolean;
  created_at: string;
  metodo_amortizacion: MetodoAmortizacion;
  /** ≤ 1.3 × tasa corriente (Código de Comercio art. 498). */
  tasa_moratoria_anual: string;
  dias_tolerancia: number;
  /** Which usury cap applies (Ley 7472 art. 36 bis); absent = general credit. */
  es_microcredito?: boolean;
}

const PRODUCTOS_BASE: Array<Omit<ProductoDemo, 'id' | 'created_at'> & { diasAtras: number }> = [
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

// ---------------------------------------------------------------- portfolio

export interface Persona {
  userId: string | null;
  nombre: string;
}

export interface DemoPortfolioInput {
  now: Date;
  rng: Rng;
  /** The generated clients, as created (with their ids). */
  clientes: Cliente[];
  demo: { cliente: Cliente; userId: string };
  /** Staff named in the activity log; defaults to the README's demo staff without user ids. */
  staff?: { admin?: Persona; analista?: Persona; cobrador?: Persona };
}

export interface DemoResumen {
  creditosPorEstado: Record<CreditoEstado, number>;
  solicitudesPorEstado: Record<string, number>;
  pagosPorEstado: Record<string, number>;
  /** Σ saldo_capital over vigente, al_dia and vencido. */
  carteraActivaCentimos: number;
  saldoMoraCentimos: number;
  desembolsadoCentimos: number;
}

export interface DemoPortfolio {
  productos: Item[];
  solicitudes: Item[];
  creditos: Item[];
  cuotas: Item[];
  pagos: Item[];
  /** Each credit's ledger: one 'pago' movement per conciliado pago, at its value date. */
  movimientos: Item[];
  notificaciones: Item[];
  actividades: Item[];
  resumen: DemoResumen;
}

/** Table items, with keys and index attributes derived by the same builders the API writes with. */
export function portfolioItems(p: DemoPortfolio): Item[] {
  type E = Parameters<typeof itemFor.solicitud>[0];
  const as = (x: Item) => x as unknown as E;
  return [
    ...p.productos.map((x) => itemFor.producto(as(x))),
    ...p.productos.map((x) => itemFor.productoCodigo({ id: String(x.id), codigo: String(x.codigo) })),
    ...p.solicitudes.map((x) => itemFor.solicitud(as(x))),
    ...p.creditos.map((x) => itemFor.credito(as(x))),
    ...p.cuotas.map((x) => itemFor.cuota(x as unknown as Parameters<typeof itemFor.cuota>[0])),
    ...p.pagos.map((x) => itemFor.pago(x as unknown as Parameters<typeof itemFor.pago>[0])),
    ...p.movimientos.map((x) => itemFor.movimiento(x as unknown as Parameters<typeof itemFor.movimiento>[0])),
    ...p.notificaciones.map((x) => itemFor.notificacion(x as unknown as Parameters<typeof itemFor.notificacion>[0])),
    ...p.actividades.map((x) => itemFor.actividad(as(x))),
    ...indiceItems(p),
  ];
}

/**
 * The index items the API keeps next to solicitudes and credits: number guards, credit search
 * terms, each borrower's credit-line usage (Σ saldo_capital) and the credit-number sequence at
 * the highest number used, so approvals after seeding continue it without collisions.
 */
function indiceItems(p: DemoPortfolio): Item[] {
  const items: Item[] = p.solicitudes.map((x) => ({
    ...keys.unicoNumeroSolicitud(String(x.numero_solicitud)),
    tipo: ENTITY.unico,
    solicitud_id: x.id,
  }));
  const lineas = new Map<string, { usado: number; updated_at: string }>();
  let secuencia = 0;
  for (const c of p.creditos) {
    items.push(
      ...creditoIndexItems({
        id: String(c.id),
        numero_credito: String(c.numero_credito),
        cliente_nombre: String(c.cliente_nombre),
        cliente_apellido: String(c.cliente_apellido),
      }),
    );
    const linea = lineas.get(String(c.cliente_id)) ?? { usado: 0, updated_at: '' };
    linea.usado += c.saldo_capital_centimos as number;
    if (String(c.created_at) > linea.updated_at) linea.updated_at = String(c.created_at);
    lineas.set(String(c.cliente_id), linea);
    secuencia = Math.max(secuencia, Number(/-(\d+)$/.exec(String(c.numero_credito))![1]));
  }
  for (const [cliente_id, l] of lineas)
    items.push(itemFor.lineaCredito({ cliente_id, usado_centimos: l.usado, updated_at: l.updated_at }));
  items.push({ ...keys.secuenciaCredito(), tipo: ENTITY.secuencia, valor: secuencia });
  return items;
}

interface CuotaEstado extends CuotaPlan {
  id: string;
  pagada: boolean;
  dias_mora: number;
  monto_mora_centimos: number;
  pagada_en: string | null;
}

interface CreditoPlan {
  estado: CreditoEstado;
  producto: ProductoDemo;
  cliente: Cliente;
  principal: number;
  plazo: number;
  desembolso: string;
  /** vencido: days the oldest unpaid cuota is overdue, and cuotas paid before it. */
  diasVencido?: number;
  pagadas?: number;
}

const MOTIVO_RECHAZO = 'Rechazado por el analista';

/**
 * Builds the whole demo portfolio. Every credit's balances follow from its schedule and its
 * conciliado pagos (monto_principal = saldo_capital + Σ aplicado_capital), estados follow the
 * close-of-business rules as of the business date of `now`.
 */
export function buildDemoPortfolio(input: DemoPortfolioInput): DemoPortfolio {
  const { now, rng } = input;
  const hoy = fechaNegocio(now);
  const staff = {
    admin: input.staff?.admin ?? { userId: null, nombre: 'Adriana Vargas' },
    analista: input.staff?.analista ?? { userId: null, nombre: 'Luis Jiménez' },
    cobrador: input.staff?.cobrador ?? { userId: null, nombre: 'Marco Solano' },
  };
  const demo = input.demo.cliente;

  /** A timestamp on a business date, in office hours, never after `now`. */
  const momento = (fecha: string, desde = 8, hasta = 16): string => {
    if (fecha > hoy) throw new Error(`fecha futura en los datos de demostración: ${fecha}`);
    const t = instanteCR(fecha, rng.int(desde, hasta), rng.int(0, 59), rng.int(0, 59));
    return (t.getTime() < now.getTime() ? t : new Date(now.getTime() - rng.int(2, 40) * 60_000)).toISOString();
  };
  const despues = (iso: string, minMin: number, maxMin: number): string => {
    const t = new Date(iso).getTime() + rng.int(minMin, maxMin) * 60_000;
    return new Date(Math.min(t, now.getTime() - 60_000)).toISOString();
  };
  const idEn = (iso: string) => ulid(new Date(iso).getTime(), () => rng.next());

  // ---- productos
  const productos: ProductoDemo[] = PRODUCTOS_BASE.map(({ diasAtras, ...p }) => {
    const created_at = momento(sumarDias(hoy, -diasAtras));
    return { ...p, id: idEn(created_at), created_at };
  });
  const producto = (codigo: string) => productos.find((p) => p.codigo === codigo)!;
  const activos = productos.filter((p) => p.activo);

  // ---- who can borrow: clients with KYC, created well before, within their credit line
  const lineaUsada = new Map<string, number>();
  const creditosDe = new Map<string, number>();
  const elegible = (c: Cliente, antesDe: string, monto: number) =>
    c.kyc_completado &&
    c.created_at.slice(0, 10) < sumarDias(antesDe, -3) &&
    (creditosDe.get(c.id) ?? 0) < 2 &&
    (lineaUsada.get(c.id) ?? 0) + monto <= CREDIT_LINE_LIMIT_CENTIMOS;
  const montoEn = (p: ProductoDemo, tope: number) => {
    const paso = 25_000_00;
    const max = Math.min(p.monto_maximo_centimos, tope);
    const pasos = Math.floor((max - p.monto_minimo_centimos) / paso);
    // skewed towards the lower end, as microfinance portfolios are
    return p.monto_minimo_centimos + paso * Math.floor(pasos * rng.next() ** 1.8);
  };
  const reservar = (c: Cliente, monto: number) => {
    lineaUsada.set(c.id, (lineaUsada.get(c.id) ?? 0) + monto);
    creditosDe.set(c.id, (creditosDe.get(c.id) ?? 0) + 1);
  };
  const elegirCliente = (antesDe: string, monto: number, pool = input.clientes): Cliente => {
    const candidatos = pool.filter((c) => elegible(c, antesDe, monto));
    if (candidatos.length === 0) throw new Error(`no hay clientes para un crédito desembolsado el ${antesDe}`);
    return rng.pick(candidatos);
  };

  // ---- the credit plans: demo customer first, then the rest of the portfolio
  const planes: CreditoPlan[] = [];
  {
    const edu = producto('EDU-01');
    const plazo = 6;
    planes.push({
      estado: 'cancelado',
      producto: edu,
      cliente: demo,
      principal: 300_000_00,
      plazo,
      desembolso: sumarDias(sumarMeses(hoy, -13), -9),
    });
    const micro = producto('MICR-01');
    const diasVencido = rng.int(21, 27);
    const pagadas = 5;
    planes.push({
      estado: 'vencido',
      producto: micro,
      cliente: demo,
      principal: 750_000_00,
      plazo: 12,
      desembolso: sumarMeses(sumarDias(hoy, -diasVencido), -(pagadas + 1)),
      diasVencido,
      pagadas,
    });
    planes.push({
      estado: 'al_dia',
      producto: producto('PERS-01'),
      cliente: demo,
      principal: 1_200_000_00,
      plazo: 24,
      desembolso: sumarDias(sumarMeses(hoy, -4), -rng.int(3, 12)),
    });
    for (const p of planes) reservar(demo, p.principal);
  }
  const nuevoPlan = (
    estado: CreditoEstado,
    desembolso: string,
    plazoPara: (p: ProductoDemo) => number,
    extra: Partial<CreditoPlan> = {},
  ) => {
    for (let intento = 0; ; intento++) {
      const p = rng.pick(activos);
      const plazo = plazoPara(p);
      if (plazo < p.plazo_minimo_meses || plazo > p.plazo_maximo_meses) {
        if (intento > 50) throw new Error('sin producto para el plazo');
        continue;
      }
      const cliente = elegirCliente(desembolso, p.monto_minimo_centimos);
      const principal = montoEn(p, CREDIT_LINE_LIMIT_CENTIMOS - (lineaUsada.get(cliente.id) ?? 0));
      reservar(cliente, principal);
      planes.push({ estado, producto: p, cliente, principal, plazo, desembolso, ...extra });
      return;
    }
  };
  const enRango = (p: ProductoDemo, deseado: number) => Math.min(p.plazo_maximo_meses, Math.max(p.plazo_minimo_meses, deseado));
  for (let k = 0; k < 4; k++) {
    nuevoPlan('vigente', sumarDias(hoy, -rng.int(1, 25)), (p) => enRango(p, rng.pick([6, 12, 12, 18, 24, 36])));
  }
  for (let k = 0; k < 8; k++) {
    const desembolso = sumarDias(hoy, -rng.int(35, 400));
    const vencidas = cuotasAntesDe(desembolso, hoy);
    nuevoPlan('al_dia', desembolso, (p) => enRango(p, vencidas + rng.int(2, 24)));
  }
  // aging buckets 1–30, 31–60, 61–90 and > 90 days
  for (const diasVencido of [12, 19, 38, 52, 67, 104]) {
    const pagadas = rng.int(1, 6);
    const desembolso = sumarMeses(sumarDias(hoy, -diasVencido), -(pagadas + 1));
    nuevoPlan('vencido', desembolso, (p) => enRango(p, pagadas + 2 + Math.ceil(diasVencido / 30) + rng.int(0, 12)), {
      diasVencido,
      pagadas,
    });
  }
  for (let k = 0; k < 4; k++) {
    const plazo = rng.pick([6, 9, 12, 12]);
    const desembolso = sumarDias(sumarMeses(hoy, -(plazo + rng.int(1, 3))), -rng.int(0, 10));
    nuevoPlan('cancelado', desembolso, () => plazo);
  }

  // ---- numbering: readable, unique, in disbursement order
  const solicitudes: Item[] = [];
  const creditos: Item[] = [];
  const cuotas: Item[] = [];
  const pagos: Item[] = [];
  const movimientos: Item[] = [];
  const usados = new Set<string>();
  const numeroSolicitud = (createdAt: string) => {
    for (;;) {
      const n = `SOL-${createdAt.slice(0, 4)}-${String(rng.int(1000, 9999))}`;
      if (!usados.has(n)) {
        usados.add(n);
        return n;
      }
    }
  };
  let secuenciaPago = 0;
  const referenciaPago = (fecha: string) => `PAGO-${fecha.replaceAll('-', '')}-${String(++secuenciaPago).padStart(4, '0')}`;
  planes.sort((a, b) => a.desembolso.localeCompare(b.desembolso));

  const solicitudItem = (s: {
    id: string;
    created_at: string;
    cliente: Cliente;
    producto: ProductoDemo;
    monto: number;
    plazo: number;
    estado: string;
    score?: number | null;
    analizado_en?: string | null;
    motivo_rechazo?: string | null;
    credito_id?: string;
    numero_credito?: string;
  }): Item => ({
    ...keys.solicitud(s.id),
    tipo: ENTITY.solicitud,
    gsi1pk: keys.clienteChildren(s.cliente.id),
    gsi1sk: `SOLICITUD#${byDate(s.created_at, s.id)}`,
    gsi2pk: 'SOLICITUDES',
    gsi2sk: byDate(s.created_at, s.id),
    gsi3pk: `SOLICITUDES#${s.estado}`,
    gsi3sk: byDate(s.created_at, s.id),
    id: s.id,
    numero_solicitud: numeroSolicitud(s.created_at),
    cliente_id: s.cliente.id,
    producto_id: s.producto.id,
    producto_nombre: s.producto.nombre,
    cliente_nombre: s.cliente.nombre,
    cliente_apellido: s.cliente.apellido,
    cliente_email: s.cliente.email,
    monto_solicitado_centimos: s.monto,
    plazo_meses: s.plazo,
    estado: s.estado,
    score: s.score ?? null,
    riesgo_calculado: s.score == null ? null : riskFromScore(s.score),
    analizado_en: s.analizado_en ?? null,
    motivo_rechazo: s.motivo_rechazo ?? null,
    created_at: s.created_at,
    ...(s.credito_id ? { credito_id: s.credito_id, numero_credito: s.numero_credito ?? null } : {}),
  });

  const pagoItem = (p: {
    credito: Item;
    cliente: Cliente;
    monto: number;
    fecha_pago: string;
    created_at: string;
    canal: Canal;
    estado: 'registrado' | 'conciliado' | 'revertido';
    aplicado?: { capital: number; interes: number; mora: number };
    fecha_valor?: string | null;
    procesado_en?: string;
    referencia_externa?: string | null;
  }): Item => {
    const id = idEn(p.created_at);
    const cuenta = p.canal === 'deposito' || rng.chance(0.4) ? CUENTAS_DEMO[1] : CUENTAS_DEMO[0];
    const creditoId = String(p.credito.id);
    return {
      ...keys.pago(id),
      tipo: ENTITY.pago,
      gsi1pk: keys.clienteChildren(p.cliente.id),
      gsi1sk: `PAGO#${byDate(p.created_at, id)}`,
      gsi2pk: `CREDITO#${creditoId}#PAGOS`,
      gsi2sk: byDate(p.created_at, id),
      gsi3pk: `PAGOS#${p.estado}`,
      gsi3sk: byDate(p.created_at, id),
      id,
      credito_id: creditoId,
      numero_credito: p.credito.numero_credito,
      cliente_id: p.cliente.id,
      cliente_nombre: `${p.cliente.nombre} ${p.cliente.apellido}`,
      monto_centimos: p.monto,
      fecha_pago: p.fecha_pago,
      fecha_valor: p.fecha_valor ?? null,
      referencia_pago: referenciaPago(p.fecha_pago),
      referencia_externa:
        p.referencia_externa === undefined ? referenciaExterna(p.canal, p.fecha_pago, rng) : p.referencia_externa,
      canal: p.canal,
      estado: p.estado,
      moneda: 'CRC',
      aplicado_capital_centimos: p.aplicado?.capital ?? 0,
      aplicado_interes_centimos: p.aplicado?.interes ?? 0,
      aplicado_mora_centimos: p.aplicado?.mora ?? 0,
      cuenta_destino_id: cuenta.id,
      cuenta_destino: { banco: cuenta.banco, numero_cuenta: cuenta.numero_cuenta },
      created_at: p.created_at,
      ...(p.estado === 'conciliado' ? { conciliado_en: p.procesado_en } : {}),
      ...(p.estado === 'revertido' ? { revertido_en: p.procesado_en } : {}),
    };
  };
  const canalAleatorio = (): Canal =>
    rng.pick<Canal>([
      'sinpe_movil',
      'sinpe_movil',
      'sinpe_movil',
      'transferencia',
      'transferencia',
      'deposito',
      'tarjeta_credito',
    ]);

  /** A conciliado pago covering one cuota (and its mora) on `fecha`. */
  const pagarCuota = (
    credito: Item,
    cliente: Cliente,
    c: CuotaEstado,
    fecha: string,
    diasTarde: number,
    tasaMora: string,
    opts: { hoyMismo?: boolean } = {},
  ) => {
    const mora = diasTarde > 0 ? moraDiaria(c.monto_capital_centimos, tasaMora) * diasTarde : 0;
    const canal = canalAleatorio();
    // "Today" payments stay inside today's Costa Rica business day even just after midnight.
    const created_at = opts.hoyMismo
      ? new Date(
          Math.max(now.getTime() - rng.int(45, 240) * 60_000, Math.min(now.getTime(), instanteCR(hoy, 0, 1).getTime())),
        ).toISOString()
      : momento(fecha);
    const fechaPago = opts.hoyMismo ? fechaNegocio(new Date(created_at)) : fecha;
    c.pagada = true;
    c.pagada_en = fechaPago;
    c.dias_mora = diasTarde;
    c.monto_mora_centimos = mora;
    // a payment takes effect on the day it was made, whenever it was reconciled
    const fechaValor = fechaPago;
    const procesado_en = despues(created_at, 20, 300);
    pagos.push(
      pagoItem({
        credito,
        cliente,
        monto: c.monto_total_centimos + mora,
        fecha_pago: fechaPago,
        created_at,
        canal,
        estado: 'conciliado',
        aplicado: { capital: c.monto_capital_centimos, interes: c.monto_interes_centimos, mora },
        fecha_valor: fechaValor,
        procesado_en: procesado_en < created_at ? despues(created_at, 1, 5) : procesado_en,
      }),
    );
  };

  const creditoDe = new Map<Item, { plan: CreditoPlan; cuotas: CuotaEstado[] }>();
  let secuenciaCredito = 100;
  for (const plan of planes) {
    const { producto: p, cliente } = plan;
    const creditoCreado = momento(plan.desembolso, 9, 15);
    const solicitudCreada = momento(sumarDias(plan.desembolso, -rng.int(1, 5)));
    const analizado = despues(solicitudCreada, 30, 240);
    const creditoId = idEn(creditoCreado);
    const solicitudId = idEn(solicitudCreada);
    const score = cliente === demo ? 702 : rng.int(612, 836);
    const numeroCredito = `CR-${plan.desembolso.slice(0, 4)}-${String(++secuenciaCredito).padStart(6, '0')}`;
    solicitudes.push(
      solicitudItem({
        id: solicitudId,
        created_at: solicitudCreada,
        cliente,
        producto: p,
        monto: plan.principal,
        plazo: plan.plazo,
        estado: 'aprobado',
        score,
        analizado_en: analizado,
        credito_id: creditoId,
        numero_credito: numeroCredito,
      }),
    );
    const schedule: CuotaEstado[] = generarCuotas({
      principalCentimos: plan.principal,
      tasaAnual: p.tasa_interes_anual,
      plazoMeses: plan.plazo,
      fechaDesembolso: plan.desembolso,
      metodo: p.metodo_amortizacion,
    }).map((c) => ({ ...c, id: idEn(creditoCreado), pagada: false, dias_mora: 0, monto_mora_centimos: 0, pagada_en: null }));
    const credito: Item = {
      ...keys.credito(creditoId),
      tipo: ENTITY.credito,
      gsi1pk: keys.clienteChildren(cliente.id),
      gsi1sk: `CREDITO#${byDate(creditoCreado, creditoId)}`,
      gsi2pk: keys.creditosList(plan.estado),
      gsi2sk: byDate(creditoCreado, creditoId),
      id: creditoId,
      numero_credito: numeroCredito,
      cliente_id: cliente.id,
      cliente_nombre: cliente.nombre,
      cliente_apellido: cliente.apellido,
      producto_id: p.id,
      producto_nombre: p.nombre,
      producto_codigo: p.codigo,
      monto_principal_centimos: plan.principal,
      saldo_capital_centimos: plan.principal,
      saldo_mora_centimos: 0,
      tasa_interes_anual: p.tasa_interes_anual,
      plazo_meses: plan.plazo,
      estado: plan.estado,
      fecha_desembolso: plan.desembolso,
      fecha_primer_vencimiento: schedule[0]!.fecha_vencimiento,
      created_at: creditoCreado,
      solicitud_id: solicitudId,
      metodo_amortizacion: p.metodo_amortizacion,
      tasa_moratoria_anual: p.tasa_moratoria_anual,
      dias_tolerancia: p.dias_tolerancia,
    };
    creditos.push(credito);
    creditoDe.set(credito, { plan, cuotas: schedule });

    const vencidas = schedule.filter((c) => c.fecha_vencimiento < hoy);
    const aPagar = plan.estado === 'vencido' ? vencidas.slice(0, plan.pagadas) : plan.estado === 'vigente' ? [] : vencidas;
    for (const c of aPagar) {
      const tarde = rng.chance(0.18) ? rng.int(1, 9) : 0;
      if (tarde > 0 && sumarDias(c.fecha_vencimiento, tarde) < hoy) {
        pagarCuota(credito, cliente, c, sumarDias(c.fecha_vencimiento, tarde), tarde, p.tasa_moratoria_anual);
      } else {
        const antes = rng.int(0, 4);
        const fecha = maxFecha(sumarDias(c.fecha_vencimiento, -antes), sumarDias(plan.desembolso, 1));
        pagarCuota(credito, cliente, c, fecha, 0, p.tasa_moratoria_anual);
      }
    }
    for (const c of schedule) {
      if (!c.pagada && c.fecha_vencimiento < hoy) {
        c.dias_mora = diasEntre(c.fecha_vencimiento, hoy);
        c.monto_mora_centimos = moraDiaria(c.monto_capital_centimos, p.tasa_moratoria_anual) * c.dias_mora;
      }
    }
  }

  // ---- a few early payments made and reconciled today ("pagos recibidos hoy")
  const noDemo = (estado: CreditoEstado) => creditos.filter((c) => c.estado === estado && c.cliente_id !== demo.id);
  for (const credito of noDemo('al_dia').slice(0, 2)) {
    const { plan, cuotas: cs } = creditoDe.get(credito)!;
    const siguiente = cs.find((c) => !c.pagada);
    if (siguiente) pagarCuota(credito, plan.cliente, siguiente, hoy, 0, plan.producto.tasa_moratoria_anual, { hoyMismo: true });
  }

  // ---- reported payments awaiting reconciliation, and rejected ones
  const reportado = (credito: Item, monto: number, canal: Canal, horasAtras: number) => {
    const { plan } = creditoDe.get(credito)!;
    const created_at = new Date(now.getTime() - horasAtras * 3_600_000 - rng.int(0, 59) * 60_000).toISOString();
    pagos.push(
      pagoItem({
        credito,
        cliente: plan.cliente,
        monto,
        fecha_pago: fechaNegocio(new Date(created_at)),
        created_at,
        canal,
        estado: 'registrado',
      }),
    );
  };
  const deuda = (credito: Item) => {
    const cs = creditoDe.get(credito)!.cuotas;
    const atrasadas = cs.filter((c) => !c.pagada && c.fecha_vencimiento < hoy);
    const objetivo = atrasadas.length > 0 ? atrasadas.slice(0, 1) : cs.filter((c) => !c.pagada).slice(0, 1);
    return objetivo.reduce((s, c) => s + c.monto_total_centimos + c.monto_mora_centimos, 0);
  };
  const demoCreditos = creditos.filter((c) => c.cliente_id === demo.id);
  const demoVencido = demoCreditos.find((c) => c.estado === 'vencido')!;
  const demoAlDia = demoCreditos.find((c) => c.estado === 'al_dia')!;
  reportado(demoAlDia, deuda(demoAlDia), 'sinpe_movil', 20);
  const [v1, v2] = noDemo('vencido');
  reportado(v1!, deuda(v1!), 'transferencia', 5);
  reportado(v2!, deuda(v2!), 'deposito', 30);
  const alDiaTarjeta = noDemo('al_dia').at(-1)!;
  reportado(alDiaTarjeta, deuda(alDiaTarjeta), 'tarjeta_credito', 3);
  const vigente = noDemo('vigente')[0]!;
  reportado(vigente, deuda(vigente), 'sinpe_movil', 44);

  const rechazado = (credito: Item, canal: Canal, diasAtras: number, referencia_externa: string) => {
    const { plan } = creditoDe.get(credito)!;
    const fecha = sumarDias(hoy, -diasAtras);
    const created_at = momento(fecha);
    pagos.push(
      pagoItem({
        credito,
        cliente: plan.cliente,
        monto: deuda(credito),
        fecha_pago: fecha,
        created_at,
        canal,
        estado: 'revertido',
        procesado_en: despues(created_at, 18 * 60, 26 * 60),
        referencia_externa,
      }),
    );
  };
  const demoVencidoPlan = creditoDe.get(demoVencido)!;
  const diasRechazo = Math.max(2, demoVencidoPlan.cuotas.find((c) => !c.pagada)!.dias_mora - 3);
  rechazado(demoVencido, 'sinpe_movil', diasRechazo, `${sumarDias(hoy, -diasRechazo).replaceAll('-', '')}0000000000000`);
  rechazado(v2!, 'deposito', 9, 'DEP-00000000');

  // ---- balances and cuota items: the lending engine's recomputation of each credit from its
  // schedule and its conciliado pagos as of today (what the daily close of `hoy` would store). The
  // plan above must agree with it: a demo credit the engine would compute differently is a bug here.
  for (const credito of creditos) {
    const { cuotas: cs } = creditoDe.get(credito)!;
    const conciliados = pagos.filter((p) => p.credito_id === credito.id && p.estado === 'conciliado');
    const movimientoId = new Map(conciliados.map((p) => [p, idEn(String(p.conciliado_en))]));
    const terminos = {
      fecha_primer_vencimiento: String(credito.fecha_primer_vencimiento),
      dias_tolerancia: credito.dias_tolerancia as number,
      tasa_moratoria_anual: String(credito.tasa_moratoria_anual),
    };
    const r = recalcularCredito({
      cuotas: cs.map((c) => normalizarCuota({ ...c })),
      pagos: conciliados.map((p) => ({
        pago_id: String(p.id),
        fecha_valor: String(p.fecha_valor),
        monto_centimos: p.monto_centimos as number,
        orden: movimientoId.get(p)!,
      })),
      terminos,
      hasta: hoy,
    });
    for (const c of r.cuotas) {
      const plan = cs.find((x) => x.numero_cuota === c.numero_cuota)!;
      if (plan.pagada !== c.pagada || plan.monto_mora_centimos !== c.monto_mora_centimos || plan.dias_mora !== c.dias_mora) {
        throw new Error(`demo: la cuota ${c.numero_cuota} de ${String(credito.numero_credito)} no coincide con el motor`);
      }
    }
    for (const p of conciliados) {
      const a = r.aplicaciones.get(String(p.id))!.aplicado;
      Object.assign(p, {
        aplicado_capital_centimos: a.capital,
        aplicado_interes_centimos: a.interes,
        aplicado_mora_centimos: a.mora,
      });
      const id = movimientoId.get(p)!;
      movimientos.push({
        ...keys.movimiento(String(credito.id), String(p.fecha_valor), id),
        tipo: ENTITY.movimiento,
        id,
        credito_id: credito.id,
        tipo_movimiento: 'pago',
        pago_id: p.id,
        referencia_pago: p.referencia_pago,
        fecha_valor: p.fecha_valor,
        monto_centimos: p.monto_centimos,
        aplicado_capital_centimos: a.capital,
        aplicado_interes_centimos: a.interes,
        aplicado_mora_centimos: a.mora,
        created_at: p.conciliado_en,
      });
    }
    Object.assign(credito, r.resumen);
    // running total of conciliado pagos (progress = total ÷ principal), kept by reconciliation
    credito.total_pagado_centimos = conciliados.reduce((s, p) => s + (p.monto_centimos as number), 0);
    // the portfolio is as of the daily close of `hoy`: the first close after seeding accrues from tomorrow
    credito.ultimo_cierre = hoy;
    credito.calculado_hasta = hoy;
    credito.version = 1;
    for (const c of r.cuotas) {
      const plan = cs.find((x) => x.numero_cuota === c.numero_cuota)!;
      cuotas.push({
        ...keys.cuota(String(credito.id), c.numero_cuota),
        tipo: ENTITY.cuota,
        id: plan.id,
        credito_id: credito.id,
        numero_cuota: c.numero_cuota,
        fecha_vencimiento: c.fecha_vencimiento,
        monto_capital_centimos: c.monto_capital_centimos,
        monto_interes_centimos: c.monto_interes_centimos,
        monto_mora_centimos: c.monto_mora_centimos,
        monto_total_centimos: plan.monto_total_centimos,
        saldo_capital_despues_centimos: plan.saldo_capital_despues_centimos,
        pagada: c.pagada,
        dias_mora: c.dias_mora,
        pagada_en: c.pagada_en,
        pagado_capital_centimos: c.pagado_capital_centimos,
        pagado_interes_centimos: c.pagado_interes_centimos,
        pagado_mora_centimos: c.pagado_mora_centimos,
        interes_condonado_centimos: c.interes_condonado_centimos,
      });
    }
  }

  // ---- solicitudes in every other estado
  const reciente = (dias: number) => (dias === 0 ? hoy : sumarDias(hoy, -dias));
  const clienteParaSolicitud = (creada: string) => rng.pick(input.clientes.filter((c) => c.created_at < creada));
  const otraSolicitud = (
    estado: string,
    creada: string,
    extra: { score?: number; analizado_en?: string; motivo_rechazo?: string } = {},
    cliente?: Cliente,
  ) => {
    const p = rng.pick(activos);
    const c = cliente ?? clienteParaSolicitud(creada);
    const monto = montoEn(p, p.monto_maximo_centimos);
    const plazo = enRango(p, rng.pick([6, 12, 18, 24, 36]));
    const item = solicitudItem({ id: idEn(creada), created_at: creada, cliente: c, producto: p, monto, plazo, estado, ...extra });
    solicitudes.push(item);
    return item;
  };
  for (const dias of [0, 1, 2]) otraSolicitud('borrador', momento(reciente(dias)));
  for (const horas of [3, 20, 30, 52, 100, 150]) {
    otraSolicitud('enviado', new Date(now.getTime() - horas * 3_600_000 - rng.int(0, 50) * 60_000).toISOString());
  }
  for (const dias of [2, 3, 5, 8]) {
    const creada = momento(reciente(dias));
    otraSolicitud('en_analisis', creada, { score: rng.int(480, 810), analizado_en: despues(creada, 600, 1800) });
  }
  for (const dias of [11, 26, 63, 140]) {
    const creada = momento(reciente(dias));
    otraSolicitud('rechazado', creada, {
      score: rng.int(360, 598),
      analizado_en: despues(creada, 120, 2000),
      motivo_rechazo: MOTIVO_RECHAZO,
    });
  }
  for (const dias of [17, 88, 210]) otraSolicitud('cancelado', momento(reciente(dias)));

  // the demo customer's own requests
  const demoAnalisis = (() => {
    const creada = momento(reciente(2));
    const item = solicitudItem({
      id: idEn(creada),
      created_at: creada,
      cliente: demo,
      producto: producto('MICR-01'),
      monto: 500_000_00,
      plazo: 12,
      estado: 'en_analisis',
      score: 671,
      analizado_en: despues(creada, 240, 900),
    });
    solicitudes.push(item);
    return item;
  })();
  const demoRechazo = (() => {
    const creada = momento(reciente(41));
    const item = solicitudItem({
      id: idEn(creada),
      created_at: creada,
      cliente: demo,
      producto: producto('PYME-01'),
      monto: 2_500_000_00,
      plazo: 36,
      estado: 'rechazado',
      score: 574,
      analizado_en: despues(creada, 1440, 2000),
      motivo_rechazo: MOTIVO_RECHAZO,
    });
    solicitudes.push(item);
    return item;
  })();

  // ---- the demo customer's notifications (spec type in tipo_notificacion, see the header)
  const notificaciones: Item[] = [];
  const notificar = (
    created_at: string,
    tipo: string,
    titulo: string,
    mensaje: string,
    leida: boolean,
    accion_url: string | null,
  ) => {
    const id = idEn(created_at);
    notificaciones.push({
      ...keys.notificacion(input.demo.userId, created_at, id),
      tipo: ENTITY.notificacion,
      id,
      user_id: input.demo.userId,
      tipo_notificacion: tipo,
      titulo,
      mensaje,
      leida,
      leida_en: leida ? despues(created_at, 30, 600) : null,
      accion_url,
      created_at,
    });
  };
  const demoCancelado = demoCreditos.find((c) => c.estado === 'cancelado')!;
  const demoCuotaVencida = demoVencidoPlan.cuotas.find((c) => !c.pagada)!;
  const ultimoPagoAlDia = pagos.filter((p) => p.credito_id === demoAlDia.id && p.estado === 'conciliado').at(-1)!;
  const revertidoDemo = pagos.find((p) => p.credito_id === demoVencido.id && p.estado === 'revertido')!;
  notificar(
    demo.created_at,
    'info',
    'Bienvenida a Cuota',
    'Su cuenta está lista. Desde el portal puede ver sus créditos, cuotas y pagos.',
    true,
    '/portal',
  );
  notificar(
    momento(sumarMeses(String(demoCancelado.fecha_desembolso), 6)),
    'success',
    'Crédito cancelado',
    `¡Felicidades! Completó el pago de su ${String(demoCancelado.producto_nombre)} ${String(demoCancelado.numero_credito)}.`,
    true,
    null,
  );
  notificar(
    String(demoAlDia.created_at),
    'credit',
    'Crédito desembolsado',
    `Su ${String(demoAlDia.producto_nombre)} ${String(demoAlDia.numero_credito)} por ${formatCRC(demoAlDia.monto_principal_centimos as number)} fue desembolsado.`,
    true,
    '/portal',
  );
  notificar(
    String(ultimoPagoAlDia.conciliado_en),
    'payment',
    'Pago aprobado',
    `Su pago de ${formatCRC(ultimoPagoAlDia.monto_centimos as number)} al crédito ${String(demoAlDia.numero_credito)} fue aplicado.`,
    true,
    '/portal',
  );
  notificar(
    String(revertidoDemo.revertido_en),
    'warning',
    'Pago rechazado',
    `El pago reportado ${String(revertidoDemo.referencia_pago)} no se pudo verificar con el banco. Revise la referencia e intente de nuevo.`,
    false,
    '/portal',
  );
  notificar(
    momento(hoy, 6, 7),
    'warning',
    'Cuota vencida',
    `La cuota ${demoCuotaVencida.numero_cuota} de su crédito ${String(demoVencido.numero_credito)} venció el ${ddmmaaaa(demoCuotaVencida.fecha_vencimiento)} y tiene ${demoCuotaVencida.dias_mora} días de atraso. Páguela para detener los cargos por mora.`,
    false,
    '/portal',
  );
  notificar(
    String(demoAnalisis.analizado_en),
    'info',
    'Solicitud en análisis',
    `Su solicitud ${String(demoAnalisis.numero_solicitud)} está siendo analizada. Le avisaremos cuando tengamos una respuesta.`,
    false,
    '/portal',
  );
  notificar(
    String(demoRechazo.analizado_en),
    'info',
    'Solicitud rechazada',
    `Su solicitud ${String(demoRechazo.numero_solicitud)} no fue aprobada: el monto supera su línea de crédito disponible.`,
    true,
    '/portal',
  );

  // ---- activity log (registro_actividad): the latest events of the portfolio
  const actividades: Item[] = [];
  const actividad = (created_at: string, tipo_actividad: string, descripcion: string, quien: Persona) => {
    const id = idEn(created_at);
    actividades.push({
      pk: 'ACTIVIDAD',
      sk: byDate(created_at, id),
      tipo: ENTITY.actividad,
      id,
      tipo_actividad,
      descripcion,
      user_id: quien.userId,
      user_nombre: quien.nombre,
      created_at,
    });
  };
  const nombreDe = (x: Item) => `${String(x.cliente_nombre)}${x.cliente_apellido ? ` ${String(x.cliente_apellido)}` : ''}`;
  const porFecha = (a: Item, b: Item) => String(a.created_at).localeCompare(String(b.created_at));
  const demoPersona = { userId: input.demo.userId, nombre: `${demo.nombre} ${demo.apellido}` };
  const haceMin = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
  actividad(haceMin(rng.int(300, 420)), 'login', `Inicio de sesión de ${staff.admin.nombre}`, staff.admin);
  actividad(haceMin(rng.int(200, 290)), 'login', `Inicio de sesión de ${staff.analista.nombre}`, staff.analista);
  actividad(haceMin(rng.int(100, 190)), 'login', `Inicio de sesión de ${staff.cobrador.nombre}`, staff.cobrador);
  actividad(haceMin(rng.int(10, 60)), 'login', `Inicio de sesión de ${demoPersona.nombre} en el portal`, demoPersona);
  for (const s of solicitudes
    .filter((x) => x.estado === 'aprobado')
    .sort(porFecha)
    .slice(-3)) {
    const c = creditos.find((x) => x.id === s.credito_id)!;
    actividad(
      String(c.created_at),
      'approve',
      `Solicitud ${String(s.numero_solicitud)} aprobada: ${String(c.numero_credito)} por ${formatCRC(c.monto_principal_centimos as number)} para ${nombreDe(s)}`,
      staff.analista,
    );
  }
  for (const s of solicitudes
    .filter((x) => x.estado === 'rechazado')
    .sort(porFecha)
    .slice(-2)) {
    actividad(
      String(s.analizado_en),
      'reject',
      `Solicitud ${String(s.numero_solicitud)} de ${nombreDe(s)} rechazada: ${MOTIVO_RECHAZO}`,
      staff.analista,
    );
  }
  for (const p of pagos
    .filter((x) => x.estado === 'conciliado')
    .sort((a, b) => String(a.conciliado_en).localeCompare(String(b.conciliado_en)))
    .slice(-4)) {
    actividad(
      String(p.conciliado_en),
      'payment',
      `Pago ${String(p.referencia_pago)} de ${formatCRC(p.monto_centimos as number)} conciliado en ${String(p.numero_credito)} (${String(p.cliente_nombre)})`,
      staff.cobrador,
    );
  }
  for (const c of [...input.clientes].sort((a, b) => a.created_at.localeCompare(b.created_at)).slice(-3)) {
    actividad(c.created_at, 'create', `Cliente registrado: ${c.nombre} ${c.apellido}`, staff.admin);
  }
  const ultimaEnviada = solicitudes
    .filter((x) => x.estado === 'enviado')
    .sort(porFecha)
    .at(-1)!;
  actividad(
    String(ultimaEnviada.created_at),
    'create',
    `Nueva solicitud ${String(ultimaEnviada.numero_solicitud)} de ${nombreDe(ultimaEnviada)} por ${formatCRC(ultimaEnviada.monto_solicitado_centimos as number)}`,
    staff.analista,
  );
  const agro = producto('AGRO-01');
  actividad(
    momento(sumarDias(hoy, -rng.int(20, 40))),
    'update',
    `Producto ${agro.nombre} (${agro.codigo}) desactivado`,
    staff.admin,
  );
  const kyc = input.clientes
    .filter((c) => c.kyc_completado)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .at(-1);
  if (kyc)
    actividad(
      despues(kyc.created_at, 60, 2 * 24 * 60),
      'update',
      `KYC completado para ${kyc.nombre} ${kyc.apellido}`,
      staff.analista,
    );

  // ---- summary
  const cuenta = <K extends string>(xs: Item[], campo: string, valores: readonly K[]) =>
    Object.fromEntries(valores.map((v) => [v, xs.filter((x) => x[campo] === v).length])) as Record<K, number>;
  const activosEstados = new Set(['vigente', 'al_dia', 'vencido']);
  const resumen: DemoResumen = {
    creditosPorEstado: cuenta(creditos, 'estado', ['vigente', 'al_dia', 'vencido', 'cancelado'] as const),
    solicitudesPorEstado: cuenta(solicitudes, 'estado', [
      'borrador',
      'enviado',
      'en_analisis',
      'aprobado',
      'rechazado',
      'cancelado',
    ]),
    pagosPorEstado: cuenta(pagos, 'estado', ['registrado', 'conciliado', 'revertido']),
    carteraActivaCentimos: creditos
      .filter((c) => activosEstados.has(String(c.estado)))
      .reduce((s, c) => s + (c.saldo_capital_centimos as number), 0),
    saldoMoraCentimos: creditos.reduce((s, c) => s + (c.saldo_mora_centimos as number), 0),
    desembolsadoCentimos: creditos.reduce((s, c) => s + (c.monto_principal_centimos as number), 0),
  };

  const productoItems: Item[] = productos.map((p) => ({
    ...keys.producto(p.id),
    tipo: ENTITY.producto,
    gsi1pk: 'PRODUCTOS',
    gsi1sk: byDate(p.created_at, p.id),
    ...p,
  }));
  return { productos: productoItems, solicitudes, creditos, cuotas, pagos, movimientos, notificaciones, actividades, resumen };
}

/** How many monthly due dates of a loan disbursed on `desembolso` fall before `hoy`. */
function cuotasAntesDe(desembolso: string, hoy: string): number {
  let k = 0;
  while (sumarMeses(desembolso, k + 1) < hoy) k++;
  return k;
}

const maxFecha = (a: string, b: string) => (a > b ? a : b);

/** What the bank or processor reports as the payment's reference, per channel. */
function referenciaExterna(canal: Canal, fecha: string, rng: Rng): string {
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
