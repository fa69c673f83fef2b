import { SEGMENTOS, TEXTS } from '@cuota/shared';
import { Select } from '@cuota/shared/ui';
import type { ComponentProps } from 'react';

/** The audience of a mass push or a campaign: the segments the stat cards count. */
export function SegmentoSelect(props: Omit<ComponentProps<typeof Select>, 'children'>) {
  return (
    <Select {...props}>
      {SEGMENTOS.map((s) => (
        <option key={s} value={s}>
          {TEXTS.comunicacion.segmentos[s]}
        </option>
      ))}
    </Select>
  );
}
