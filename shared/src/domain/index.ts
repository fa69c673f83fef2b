/** Pure lending domain: exact money arithmetic and schedule generation (no I/O). */
export * from './money';
export * from './amortizacion';
export * from './fechas';
export * from './condiciones';
