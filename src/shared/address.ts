/** A postal address on one line, "12 Main St, Springfield, IL 62701"; null when no part is known. */
export function oneLineAddress(parts: { address: string | null; city: string | null; state: string | null; postalCode: string | null }): string | null {
  const region = [parts.state, parts.postalCode].filter(Boolean).join(' ');
  return [parts.address, parts.city, region].filter(Boolean).join(', ') || null;
}
