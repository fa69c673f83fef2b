/**
 * Kept for the code written before the entity layer: each entity's item mapper now lives in
 * functions/src/entities/ (one module per item type); `itemFor` gathers them under the old names.
 */
export { AL_COBRO, itemFor, type TableItem } from '../entities';
