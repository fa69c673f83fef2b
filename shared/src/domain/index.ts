/** Pure lending domain: exact money arithmetic, schedule generation, risk categories (no I/O). */
export * from './money';
export * from './amortizacion';
export * from './fechas';
export * from './condiciones';
export * from './riesgo';
