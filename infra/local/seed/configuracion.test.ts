import { describe, expect, it } from 'vitest';
import {
  CLAVES_CONFIGURACION,
  configuracionSchema,
  cuentaBancariaSchema,
  metodoPagoSchema,
  type Cliente,
} from '@cuota/shared';
import { stripKeys } from '@cuota/functions/commons/keys';
import { validarValor } from '@cuota/functions/handlers/configuracion/domain';
import { configuracionItems, METODOS_PAGO_BASE } from './configuracion';
import { buildDemoClientes, buildDemoPortfolio, createRng, demoClienteSemilla } from './demo-portfolio';

const NOW = new Date('2026-11-22T02:00:00Z');

function demoPagos() {
  const clientes: Cliente[] = buildDemoClientes(NOW, createRng(1)).map((s, k) => ({ ...s.datos, id: `C${k}`, created_at: s.creadoEn.toISOString() }));
  const d = demoClienteSemilla(NOW, { userId: 'u', email: 'cliente@demo.cr', nombre: 'Carolina', apellido: 'Mora' });
  const demo: Cliente = { ...d.datos, id: 'CDEMO', created_at: d.creadoEn.toISOString() };
  return buildDemoPortfolio({ now: NOW, rng: createRng(2), clientes, demo: { cliente: demo, userId: 'u' } }).pagos;
}

describe('semilla de configuración, métodos de pago y cuentas bancarias', () => {
  const items = configuracionItems(NOW);
  const deTipo = (tipo: string) => items.filter((i) => i.tipo === tipo).map((i) => stripKeys(i));

  it('siembra cada clave conocida con un valor por defecto válido y las secretas vacías', () => {
    const config = deTipo('configuracion').map((c) => configuracionSchema.parse(c));
    expect(config.map((c) => c.clave).sort()).toEqual([...CLAVES_CONFIGURACION].sort());
    for (const c of config) expect(validarValor(c.clave as (typeof CLAVES_CONFIGURACION)[number], c.valor)).toEqual({ ok: true, valor: c.valor });
    expect(config.filter((c) => c.tipo_dato === 'password').map((c) => c.valor)).toEqual(['', '']);
    expect(config.find((c) => c.clave === 'allow_credit_card_payments')?.valor).toBe('false');
  });

  it('cada pago de la cartera de demostración apunta a una cuenta sembrada con el mismo banco y número', () => {
    const cuentas = new Map(deTipo('cuenta-bancaria').map((c) => [String(c.id), cuentaBancariaSchema.parse(c)]));
    const pagos = demoPagos().filter((p) => p.cuenta_destino_id);
    expect(pagos.length).toBeGreaterThan(0);
    for (const p of pagos) {
      const cuenta = cuentas.get(String(p.cuenta_destino_id));
      expect(cuenta, String(p.cuenta_destino_id)).toBeDefined();
      expect(p.cuenta_destino).toEqual({ banco: cuenta!.banco, numero_cuenta: cuenta!.numero_cuenta });
    }
  });

  it('los métodos reportables cubren los canales de los pagos reportados de la demo; efectivo empieza inactivo', () => {
    const metodos = deTipo('metodo-pago').map((m) => metodoPagoSchema.parse(m));
    expect(metodos).toEqual(METODOS_PAGO_BASE);
    const codigos = new Set(metodos.map((m) => m.codigo));
    for (const canal of new Set(demoPagos().map((p) => String(p.canal)))) {
      if (canal !== 'tarjeta_credito') expect(codigos, canal).toContain(canal);
    }
    expect(metodos.find((m) => m.codigo === 'efectivo')?.activo).toBe(false);
    expect(metodos.find((m) => m.codigo === 'sinpe_movil')?.requiere_referencia).toBe(true);
    const claves = items.map((i) => `${i.pk}|${i.sk}`);
    expect(new Set(claves).size).toBe(claves.length);
  });
});
