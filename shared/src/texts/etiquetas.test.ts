import { describe, expect, it } from 'vitest';
import { TEXTS } from '../texts';
import { CODIGOS_CON_GUION_BAJO, codigosCrudos, LISTAS_CON_ETIQUETA as LISTAS } from '../testing/codigos';
import { etiquetaCanal, etiquetaLegible } from './etiquetas';

/** A code as stored: lower-case words joined by '_' (sinpe_movil, cuota_nivelada, en_analisis). */
const PARECE_CODIGO = /^[a-z]+(_[a-z0-9]+)+$/;

describe('etiquetas: ningún código llega a la gente', () => {
  it.each(LISTAS)('%s: cada valor tiene su etiqueta, distinta del código', (_nombre, valores, etiquetas) => {
    for (const valor of valores) {
      const etiqueta = etiquetas[String(valor)];
      expect(etiqueta, `sin etiqueta: ${String(valor)}`).toEqual(expect.any(String));
      expect(etiqueta!.trim()).not.toBe('');
      expect(etiqueta).not.toMatch(PARECE_CODIGO);
      // 'error', 'otro'… may read the same as their code, but a code with '_' never does.
      if (String(valor).includes('_')) expect(etiqueta).not.toBe(String(valor));
    }
  });

  it('los canales: los conocidos con su nombre, uno nuevo en palabras, nunca el código crudo', () => {
    expect(etiquetaCanal('sinpe_movil')).toBe('SINPE Móvil');
    expect(etiquetaCanal('tarjeta_credito')).toBe('Tarjeta de crédito');
    expect(etiquetaCanal('deposito')).toBe('Depósito bancario');
    expect(etiquetaCanal('pago_en_linea')).toBe('Pago en linea');
    expect(etiquetaCanal(null)).toBe('—');
    expect(etiquetaLegible('cuota_nivelada')).toBe('Cuota nivelada');
  });

  it('un canal tiene una sola etiqueta: la ventanilla, el desembolso y los recibos leen el mismo mapa', () => {
    expect(TEXTS.pagoVentanilla.canales).toBe(TEXTS.etiquetas.canal);
    expect(TEXTS.solicitudes.canales).toBe(TEXTS.etiquetas.canal);
    expect(TEXTS.productosPage.metodos).toBe(TEXTS.etiquetas.metodoAmortizacion);
    expect(TEXTS.clientes.identidadTipos).toBe(TEXTS.etiquetas.identidadTipo);
  });

  it('codigosCrudos encuentra un código en un texto visible, no en una palabra ni en un correo', () => {
    expect(CODIGOS_CON_GUION_BAJO).toEqual(
      expect.arrayContaining(['sinpe_movil', 'cuota_nivelada', 'en_analisis', 'tarjeta_credito']),
    );
    expect(codigosCrudos('Método de Amortización cuota_nivelada · Canal sinpe_movil')).toEqual(['cuota_nivelada', 'sinpe_movil']);
    expect(codigosCrudos('Método de Amortización Cuota nivelada · Canal SINPE Móvil')).toEqual([]);
    expect(codigosCrudos('escriba a al_dia@demo.cr o a ana.en_analisis@demo.cr')).toEqual([]);
  });
});
