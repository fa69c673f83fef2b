import { productoCrearSchema, tasaMoratoriaMaxima, type ProductoCampos } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { erroresProducto, productoEditado, productoNuevo, topeAplicable } from './domain';

const TOPES = { credito: '37.13', microcredito: '51.71' };
const NOW = new Date('2026-03-10T15:00:00Z');

function campos(over: Partial<ProductoCampos> = {}): ProductoCampos {
  return {
    codigo: 'MICR-02',
    nombre: 'Microcrédito Comercio',
    descripcion: null,
    monto_minimo_centimos: 5_000_000,
    monto_maximo_centimos: 50_000_000,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 24,
    tasa_interes_anual: '18.50',
    ...over,
  };
}

describe('tasaMoratoriaMaxima (Código de Comercio art. 498)', () => {
  it('es 1.3 × la tasa corriente, truncada a la centésima para nunca pasarse', () => {
    expect(tasaMoratoriaMaxima('28.00')).toBe('36.40');
    expect(tasaMoratoriaMaxima('18.50')).toBe('24.05');
    expect(tasaMoratoriaMaxima('19.75')).toBe('25.67'); // 25.675 → 25.67
    expect(tasaMoratoriaMaxima('0.00')).toBe('0.00');
  });
});

describe('productoNuevo', () => {
  it('aplica los valores por defecto: cuota nivelada, moratoria al máximo legal, sin tolerancia, crédito general, activo', () => {
    const p = productoNuevo(campos(), 'P1', NOW);
    expect(p).toMatchObject({
      id: 'P1',
      metodo_amortizacion: 'cuota_nivelada',
      tasa_moratoria_anual: '24.05',
      dias_tolerancia: 0,
      es_microcredito: false,
      activo: true,
      created_at: NOW.toISOString(),
      updated_at: null,
    });
  });

  it('respeta los términos enviados', () => {
    const p = productoNuevo(
      campos({
        metodo_amortizacion: 'capital_constante',
        tasa_moratoria_anual: '20.00',
        dias_tolerancia: 5,
        es_microcredito: true,
      }),
      'P1',
      NOW,
    );
    expect(p).toMatchObject({
      metodo_amortizacion: 'capital_constante',
      tasa_moratoria_anual: '20.00',
      dias_tolerancia: 5,
      es_microcredito: true,
    });
  });
});

describe('productoEditado', () => {
  it('reemplaza los campos del formulario y conserva los términos que no se enviaron', () => {
    const actual = productoNuevo(campos({ dias_tolerancia: 7, tasa_moratoria_anual: '22.00', es_microcredito: true }), 'P1', NOW);
    const later = new Date('2026-04-01T00:00:00Z');
    const p = productoEditado(
      { ...actual, activo: false },
      campos({ nombre: 'Nuevo nombre', tasa_interes_anual: '20.00' }),
      later,
    );
    expect(p).toMatchObject({
      id: 'P1',
      nombre: 'Nuevo nombre',
      tasa_interes_anual: '20.00',
      dias_tolerancia: 7,
      tasa_moratoria_anual: '22.00',
      es_microcredito: true,
      activo: false,
      created_at: NOW.toISOString(),
      updated_at: later.toISOString(),
    });
  });
});

describe('erroresProducto', () => {
  const valido = () => productoNuevo(campos(), 'P1', NOW);

  it('no reporta nada para un producto válido', () => {
    expect(erroresProducto(valido(), TOPES)).toEqual({});
  });

  it('rechaza monto mínimo mayor que el máximo y plazo mínimo mayor que el máximo', () => {
    const errores = erroresProducto({ ...valido(), monto_minimo_centimos: 50_000_001, plazo_minimo_meses: 25 }, TOPES);
    expect(errores).toEqual({
      monto_minimo_centimos: 'El monto mínimo no puede ser mayor que el máximo',
      plazo_minimo_meses: 'El plazo mínimo no puede ser mayor que el máximo',
    });
  });

  it('acepta mínimo igual al máximo', () => {
    expect(erroresProducto({ ...valido(), monto_minimo_centimos: 50_000_000, plazo_minimo_meses: 24 }, TOPES)).toEqual({});
  });

  it('acepta la moratoria justo en 1.3 × la corriente y rechaza una centésima más, citando el art. 498', () => {
    expect(erroresProducto({ ...valido(), tasa_moratoria_anual: '24.05' }, TOPES)).toEqual({});
    const errores = erroresProducto({ ...valido(), tasa_moratoria_anual: '24.06' }, TOPES);
    expect(errores.tasa_moratoria_anual).toContain('art. 498');
    expect(errores.tasa_moratoria_anual).toContain('24,05\u00a0%');
  });

  it('usa el tope de crédito general salvo para microcréditos, y nombra el tope en el mensaje', () => {
    const alta = { ...valido(), tasa_interes_anual: '40.00', tasa_moratoria_anual: '52.00' };
    expect(erroresProducto(alta, TOPES).tasa_interes_anual).toBe(
      'La tasa de interés supera la tasa máxima anual vigente para crédito (37,13\u00a0%, Ley 7472 art. 36 bis)',
    );
    expect(erroresProducto({ ...alta, es_microcredito: true }, TOPES)).toEqual({});
    expect(erroresProducto({ ...alta, tasa_interes_anual: '51.72', es_microcredito: true }, TOPES).tasa_interes_anual).toContain(
      '51,71\u00a0%',
    );
  });

  it('acepta una tasa exactamente igual al tope', () => {
    expect(erroresProducto({ ...valido(), tasa_interes_anual: '37.13' }, TOPES)).toEqual({});
    expect(erroresProducto({ ...valido(), tasa_interes_anual: '37.14' }, TOPES)).toHaveProperty('tasa_interes_anual');
  });

  it('compara exactamente aunque el tope tenga menos decimales', () => {
    expect(erroresProducto({ ...valido(), tasa_interes_anual: '37.00' }, { ...TOPES, credito: '37' })).toEqual({});
    expect(erroresProducto({ ...valido(), tasa_interes_anual: '37.01' }, { ...TOPES, credito: '37.0' })).toHaveProperty(
      'tasa_interes_anual',
    );
  });
});

describe('topeAplicable', () => {
  it('elige el tope por la marca es_microcredito', () => {
    expect(topeAplicable({ es_microcredito: true }, TOPES)).toEqual({ tipo: 'microcrédito', tope: '51.71' });
    expect(topeAplicable({ es_microcredito: false }, TOPES)).toEqual({ tipo: 'crédito', tope: '37.13' });
  });
});

describe('productoCrearSchema', () => {
  const base = {
    codigo: ' micr-02 ',
    nombre: 'Microcrédito',
    monto_minimo_centimos: 5_000_000,
    monto_maximo_centimos: 50_000_000,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 24,
    tasa_interes_anual: '18.5',
  };

  it('normaliza el código a mayúsculas y la tasa a dos decimales ("18.5" → "18.50", coma decimal)', () => {
    const p = productoCrearSchema.parse(base);
    expect(p).toMatchObject({ codigo: 'MICR-02', tasa_interes_anual: '18.50', descripcion: null });
    expect(productoCrearSchema.parse({ ...base, tasa_interes_anual: '7,25' }).tasa_interes_anual).toBe('7.25');
    expect(productoCrearSchema.parse({ ...base, tasa_interes_anual: '018' }).tasa_interes_anual).toBe('18.00');
  });

  it('rechaza tasas con más de dos decimales o enviadas como número', () => {
    const tres = productoCrearSchema.safeParse({ ...base, tasa_interes_anual: '18.505' });
    expect(tres.success).toBe(false);
    const numero = productoCrearSchema.safeParse({ ...base, tasa_interes_anual: 18.5 });
    expect(numero.error?.issues[0]?.message).toContain('enviado como texto');
  });

  it('exige plazos enteros entre 1 y 360 y montos en céntimos enteros positivos', () => {
    const r = productoCrearSchema.safeParse({
      ...base,
      plazo_maximo_meses: 361,
      plazo_minimo_meses: 1.5,
      monto_minimo_centimos: 0,
      monto_maximo_centimos: 10.5,
    });
    const mensajes = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(mensajes).toEqual({
      plazo_maximo_meses: 'El plazo debe estar entre 1 y 360 meses',
      plazo_minimo_meses: 'El plazo debe ser un número entero de meses',
      monto_minimo_centimos: 'El monto debe ser mayor a 0',
      monto_maximo_centimos: 'El monto debe estar en céntimos enteros',
    });
  });

  it('reporta los rangos invertidos en el campo mínimo', () => {
    const r = productoCrearSchema.safeParse({ ...base, monto_minimo_centimos: 60_000_000 });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['monto_minimo_centimos'], message: 'El monto mínimo no puede ser mayor que el máximo' }),
    ]);
  });
});

describe('precio del producto: comisión, gracia y múltiplo de cuota', () => {
  it('un producto nuevo sin campos de precio queda como siempre (sin ninguna clave nueva)', () => {
    const p = productoNuevo(campos(), 'P1', NOW);
    for (const k of ['comision_formalizacion_tipo', 'comision_formalizacion_valor', 'meses_gracia', 'multiplo_cuota']) {
      expect(p).not.toHaveProperty(k);
    }
  });

  it('guarda comisión, gracia y múltiplo; la modalidad por defecto es deducida', () => {
    const p = productoNuevo(
      campos({
        comision_formalizacion_tipo: 'porcentaje',
        comision_formalizacion_valor: '3.00',
        meses_gracia: 2,
        multiplo_cuota: 100,
      }),
      'P1',
      NOW,
    );
    expect(p).toMatchObject({
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '3.00',
      comision_formalizacion_modalidad: 'deducida',
      meses_gracia: 2,
      multiplo_cuota: 100,
    });
  });

  it('editar sin los campos los conserva; null quita la comisión con su valor y modalidad', () => {
    const p = productoNuevo(
      campos({
        comision_formalizacion_tipo: 'fija',
        comision_formalizacion_valor: 150_000,
        comision_formalizacion_modalidad: 'financiada',
      }),
      'P1',
      NOW,
    );
    expect(productoEditado(p, campos(), NOW)).toMatchObject({
      comision_formalizacion_tipo: 'fija',
      comision_formalizacion_valor: 150_000,
    });
    expect(productoEditado(p, campos({ comision_formalizacion_tipo: null }), NOW)).toMatchObject({
      comision_formalizacion_tipo: null,
      comision_formalizacion_valor: null,
      comision_formalizacion_modalidad: null,
    });
  });

  it('valida con mensajes en español: porcentaje en (0, 100), fija deducida bajo el monto mínimo, gracia bajo el plazo mínimo', () => {
    const errores = (over: Partial<ProductoCampos>) => erroresProducto(productoNuevo(campos(over), 'P1', NOW), TOPES);
    expect(
      errores({ comision_formalizacion_tipo: 'porcentaje', comision_formalizacion_valor: '100.00' }).comision_formalizacion_valor,
    ).toMatch(/entre 0,01 % y 99,99 %/);
    expect(
      errores({ comision_formalizacion_tipo: 'porcentaje', comision_formalizacion_valor: 500 }).comision_formalizacion_valor,
    ).toMatch(/porcentual/);
    expect(
      errores({ comision_formalizacion_tipo: 'fija', comision_formalizacion_valor: 5_000_000 }).comision_formalizacion_valor,
    ).toMatch(/menor que el monto mínimo/);
    expect(
      errores({
        comision_formalizacion_tipo: 'fija',
        comision_formalizacion_valor: 5_000_000,
        comision_formalizacion_modalidad: 'financiada',
      }),
    ).toEqual({});
    expect(errores({ meses_gracia: 3 }).meses_gracia).toBe(
      'Los meses de gracia deben ser menos que el plazo mínimo del producto: como máximo 2',
    );
    expect(errores({ meses_gracia: 2, multiplo_cuota: 10 })).toEqual({});
  });

  it('el esquema rechaza múltiplos que no son 1, 10 o 100 y tipos desconocidos', () => {
    const r = productoCrearSchema.safeParse({ ...campos(), multiplo_cuota: 5, comision_formalizacion_tipo: 'mensual' });
    expect(r.success).toBe(false);
    const mensajes = r.error!.issues.map((i) => i.message);
    expect(mensajes).toContain('La cuota se redondea a múltiplos de ₡1, ₡10 o ₡100, o al céntimo');
    expect(mensajes).toContain("El tipo de comisión de formalización debe ser 'porcentaje' o 'fija'");
    const ok = productoCrearSchema.parse({
      ...campos(),
      comision_formalizacion_tipo: 'porcentaje',
      comision_formalizacion_valor: '3',
    });
    expect(ok.comision_formalizacion_valor).toBe('3.00');
  });
});
