/**
 * Kept for the code written before the entity layer: the key builders now live in
 * functions/src/entities/ (one module per item type); these are the same functions under their
 * old names. New code imports the entity module.
 */
export {
  aggKeys,
  busquedaPartition,
  byDate,
  ENTITY,
  keys,
  normalizeTerm,
  SEGMENTOS_CLIENTE_PREFIX,
  stripKeys,
} from '../entities';
