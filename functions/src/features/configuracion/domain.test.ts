import { CONFIGURACION_CONOCIDA, type MetodoPago } from '@cuota/shared';
import { describe, expect, it } from 'vitest';
import { CLAVES_EN_ORDEN } from '../../../test/configuracion-fixtures';
import { configuracionVisible, metodosVisibles, validarValor } from './domain';

describe('configuracionVisible', () => {
  it('al administrador le da todas las claves, por categoría (general antes que pagos), con su valor guardado o el de defecto', () => {
    const items = configuracionVisible({ stripe_secret_key: { valor: 'sk_test_123', updated_at: '2026-01-01T00:00:00Z' } }, true);
    expect(items.map((c) => c.clave)).toEqual(CLAVES_EN_ORDEN);
    expect(items.find((c) => c.clave === 'stripe_secret_key')).toMatchObject({
      valor: 'sk_test_123',
      tipo_dato: 'password',
      categoria: 'pagos',
    });
    expect(items.find((c) => c.clave === 'timezone')).toMatchObject({
      valor: 'America/Costa_Rica',
      updated_at: null,
      id: 'timezone',
    });
  });

  it('a los demás solo las claves públicas (zona, pagos, controles de desembolso), nunca una clave secreta', () => {
    const items = configuracionVisible({ stripe_secret_key: { valor: 'sk_live_x', updated_at: null } }, false);
    expect(items.map((c) => c.clave).sort()).toEqual([
      'allow_credit_card_payments',
      'desembolso_analista',
      'maker_checker',
      'payment_reflection_hours',
      'timezone',
    ]);
    expect(JSON.stringify(items)).not.toContain('sk_live_x');
    expect(items.every((c) => c.tipo_dato !== 'password')).toBe(true);
  });

  it('cada clave conocida tiene una descripción en español y un valor por defecto válido según su propia regla', () => {
    for (const item of configuracionVisible({}, true)) {
      expect(item.descripcion.length).toBeGreaterThan(10);
      expect(validarValor(item.clave as keyof typeof CONFIGURACION_CONOCIDA, item.valor)).toEqual({
        ok: true,
        valor: item.valor,
      });
    }
  });
});

describe('validarValor', () => {
  it('timezone: acepta zonas IANA y guarda su forma canónica; rechaza lo demás', () => {
    expect(validarValor('timezone', 'America/Guatemala')).toEqual({ ok: true, valor: 'America/Guatemala' });
    expect(validarValor('timezone', 'america/costa_rica')).toEqual({ ok: true, valor: 'America/Costa_Rica' });
    expect(validarValor('timezone', 'UTC')).toEqual({ ok: true, valor: 'UTC' });
    for (const malo of ['Costa Rica', 'America/Nowhere', 'EST', '']) {
      expect(validarValor('timezone', malo), malo).toEqual({
        ok: false,
        error: 'Zona horaria inválida: usa un nombre IANA como America/Costa_Rica',
      });
    }
  });

  it('booleanos: solo "true" o "false"', () => {
    expect(validarValor('allow_credit_card_payments', 'true')).toEqual({ ok: true, valor: 'true' });
    expect(validarValor('allow_credit_card_payments', 'si')).toEqual({ ok: false, error: 'El valor debe ser "true" o "false"' });
  });

  it('payment_reflection_hours: entero de 0 a 168', () => {
    expect(validarValor('payment_reflection_hours', '0')).toEqual({ ok: true, valor: '0' });
    expect(validarValor('payment_reflection_hours', ' 072 ')).toEqual({ ok: true, valor: '72' });
    expect(validarValor('payment_reflection_hours', '168')).toEqual({ ok: true, valor: '168' });
    for (const malo of ['169', '-1', '2.5', 'dos', '']) {
      expect(validarValor('payment_reflection_hours', malo), malo).toMatchObject({
        ok: false,
        error: 'Las horas de reflejo deben ser un número entero entre 0 y 168',
      });
    }
  });

  it('topes de usura: porcentaje con hasta dos decimales entre 0.01 y 100, normalizado', () => {
    expect(validarValor('tasa_usura_credito_anual', '36.5')).toEqual({ ok: true, valor: '36.50' });
    expect(validarValor('tasa_usura_microcredito_anual', '100')).toEqual({ ok: true, valor: '100.00' });
    for (const malo of ['0', '100.01', '37.123', 'abc']) {
      expect(validarValor('tasa_usura_credito_anual', malo), malo).toMatchObject({ ok: false });
    }
  });

  it('claves de Stripe: vacías o con el prefijo correcto', () => {
    expect(validarValor('stripe_publishable_key', '')).toEqual({ ok: true, valor: '' });
    expect(validarValor('stripe_publishable_key', 'pk_test_abc')).toMatchObject({ ok: true });
    expect(validarValor('stripe_publishable_key', 'sk_test_abc')).toEqual({
      ok: false,
      error: 'La clave publicable de Stripe debe empezar con pk_',
    });
    expect(validarValor('stripe_secret_key', 'rk_live_abc')).toMatchObject({ ok: true });
    expect(validarValor('stripe_secret_key', 'pk_live_abc')).toMatchObject({ ok: false });
  });
});

describe('metodosVisibles', () => {
  const m = (codigo: string, orden: number, activo: boolean): MetodoPago => ({
    id: codigo,
    codigo,
    nombre: codigo,
    requiere_referencia: false,
    activo,
    orden,
  });
  const metodos = [m('deposito', 3, true), m('efectivo', 4, false), m('sinpe_movil', 1, true), m('transferencia', 2, false)];

  it('el personal ve todos por orden; un cliente solo los activos por orden', () => {
    expect(metodosVisibles(metodos, true).map((x) => x.codigo)).toEqual(['sinpe_movil', 'transferencia', 'deposito', 'efectivo']);
    expect(metodosVisibles(metodos, false).map((x) => x.codigo)).toEqual(['sinpe_movil', 'deposito']);
  });
});
