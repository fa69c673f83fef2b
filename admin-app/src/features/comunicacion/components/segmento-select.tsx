import { SEGMENTOS } from '@cuota/shared/schemas/comunicacion';
import { comunicacionTexts } from '@cuota/shared/texts/comunicacion';
import { Opciones, Select } from '@cuota/shared/ui';
import type { ComponentProps } from 'react';

/** The audience of a mass push or a campaign: the segments the stat cards count. */
export function SegmentoSelect(props: Omit<ComponentProps<typeof Select>, 'children'>) {
  return (
    <Select {...props}>
      <Opciones valores={SEGMENTOS} etiquetas={comunicacionTexts.segmentos} />
    </Select>
  );
}
