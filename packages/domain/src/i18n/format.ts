/** Replaces {0}, {1}… in a template with the given values. */
export function format(template: string, ...params: ReadonlyArray<string | number>): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = params[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
