/** Fills `{name}` placeholders of a text template: fill('Hola {n}', { n: 'Ana' }) → 'Hola Ana'. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
