import { describe, expect, it } from 'vitest';
import { CLAVES_CONFIGURACION, configuracionSchema } from '@cuota/shared';
import { stripKeys } from '@cuota/functions/commons/keys';
import { validarValor } from '@cuota/functions/handlers/configuracion/domain';
import { configuracionItems } from './configuracion';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('semilla de configuración, métodos de pago y cuentas bancarias', () => {
  const items = configuracionItems(NOW);
  const deTipo = (tipo: string) => items.filter((i) => i.tipo === tipo).map((i) => stripKeys(i));

  it('siembra cada clave conocida con un valor por defecto válido y las secretas vacías', () => {
    const config = deTipo('configuracion').map((c) => configuracionSchema.parse(c));
    expect(config.map((c) => c.clave).sort()).toEqual([...CLAVES_CONFIGURACION].sort());
    for (const c of config)
      expect(validarValor(c.clave as (typeof CLAVES_CONFIGURACION)[number], c.valor)).toEqual({ ok: true, valor: c.valor });
    expect(config.filter((c) => c.tipo_dato === 'password').map((c) => c.valor)).toEqual(['', '']);
    expect(config.find((c) => c.clave === 'allow_credit_card_payments')?.valor).toBe('false');
  });
  // the checks of the demo payments against these items live in demo-portfolio.test.ts (they need the engine and a table)
});
